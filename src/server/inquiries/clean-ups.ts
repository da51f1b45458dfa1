import type { CleanUp } from '../jobs/sweep.js';
import { deleteInquiriesPastRetention } from './inquiries-data.js';

/** Inquiries past INQUIRY_RETENTION_DAYS, deleted by the sweep. */
export const inquiryCleanUps = (retentionDays: number): Record<string, CleanUp> => ({
  inquiries: (db, now) => deleteInquiriesPastRetention(db, retentionDays, now.getTime()),
});
