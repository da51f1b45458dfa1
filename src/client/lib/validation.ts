// Loaded on demand by the forms: the shared schemas bring zod, which the first view does not need.
export { inquiryInputSchema } from '../../shared/inquiries';
export { ReviewInputSchema } from '../../shared/reviews';
export { issuesByField } from '../../shared/text';
