import { z } from 'zod';

/** The property's content file (content/property.json); validated when the client is built. */
export const PropertySchema = z.object({
  name: z.string().min(1),
  titleSuffix: z.string().min(1),
});
export type Property = z.infer<typeof PropertySchema>;
