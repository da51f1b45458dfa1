import { z } from './zod.js';

// The install's houses, as the admin reads them (docs/decisions/0071-houses-and-hosts.md).

export const HOUSE_STATUSES = ['active', 'hidden', 'archived'] as const;
export type HouseStatus = (typeof HOUSE_STATUSES)[number];

export const HouseHostSchema = z.object({ host: z.string(), canonical: z.boolean() });

export const HouseSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  status: z.enum(HOUSE_STATUSES),
  hosts: z.array(HouseHostSchema),
  mailFrom: z.string().nullable(),
  paymentAccount: z.string(),
  invoicingAccount: z.string(),
  sibaAccount: z.string(),
});
export type House = z.infer<typeof HouseSchema>;

export const HouseListSchema = z.object({ items: z.array(HouseSchema) });
