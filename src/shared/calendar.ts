import { z } from './zod.js';
import { adminPageSchema } from './admin-pages.js';
import { AVAILABILITY_WINDOW_MONTHS, BLOCK_NOTE_MAX, FEED_NAME_MAX, FEED_URL_MAX } from './constants.js';
import { isCalendarDay } from './dates.js';
import { addMonths } from './date-ranges.js';
import { BOOKING_STATUSES } from './booking-status.js';
import { trimmedText } from './text.js';

// The availability calendar's wire shapes (docs/decisions/0012-availability-and-calendar-sync.md).

const day = (label: string) =>
  z.string({ error: `${label} must be a date` }).refine(isCalendarDay, `${label} must be a date as YYYY-MM-DD`);

export const DateRangeSchema = z.object({ start: z.string(), end: z.string() });

/** `from` to the exclusive `to`, at most AVAILABILITY_WINDOW_MONTHS apart. */
export const AvailabilityQuerySchema = z.object({ from: day('from'), to: day('to') }).superRefine((q, ctx) => {
  if (q.to <= q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must be after from' });
  else if (q.to > addMonths(q.from, AVAILABILITY_WINDOW_MONTHS)) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `The window is at most ${AVAILABILITY_WINDOW_MONTHS} months`,
    });
  }
});

/** Merged, sorted and clipped; never a name, a note or a source. */
export const AvailabilitySchema = z.object({ unavailable: z.array(DateRangeSchema) });
export type Availability = z.infer<typeof AvailabilitySchema>;

export const BLOCK_KINDS = ['block', 'booking'] as const;

export const AdminBlockSchema = z.object({
  id: z.string(),
  start: z.string(),
  end: z.string(),
  note: z.string().nullable(),
  /** A block the owner set, or a booking's nights (a direct booking's, or an inquiry the owner confirmed). */
  kind: z.enum(BLOCK_KINDS),
  /**
   * The direct booking that holds these nights: read-only here, since only the booking's own end
   * (cancel, decline, expiry) frees them. Null for the owner's blocks and confirmed inquiries.
   */
  booking: z.object({ code: z.string(), name: z.string(), status: z.enum(BOOKING_STATUSES) }).nullable(),
});
export type AdminBlock = z.infer<typeof AdminBlockSchema>;
export const AdminBlockListSchema = adminPageSchema(AdminBlockSchema);

export const BlockInputSchema = z
  .object({
    start: day('Start'),
    end: day('End'),
    note: z
      .string({ error: 'Note must be text' })
      .trim()
      .max(BLOCK_NOTE_MAX, `Note must be at most ${BLOCK_NOTE_MAX} characters`)
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((b, ctx) => {
    if (b.end <= b.start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'End must be after start' });
    else if (b.end > addMonths(b.start, 12))
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'A block is at most a year long' });
  });
export type BlockInput = z.infer<typeof BlockInputSchema>;

export const AdminFeedSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  exportUrl: z.string(),
  lastSyncAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastError: z.string().nullable(),
  eventCount: z.number().int(),
  /** Events of the last good import that were left out (past, too long, repeating, broken). */
  skippedCount: z.number().int(),
});
export type AdminFeed = z.infer<typeof AdminFeedSchema>;
export const AdminFeedListSchema = z.object({ items: z.array(AdminFeedSchema) });

export const FeedInputSchema = z.object({
  name: trimmedText('Name', 1, FEED_NAME_MAX),
  url: z
    .string({ error: 'URL is required' })
    .trim()
    .max(FEED_URL_MAX, 'URL is too long')
    .pipe(
      z.url({
        protocol: /^https?$/,
        error: 'URL must be a web address such as https://www.airbnb.com/calendar/ical/….ics',
      }),
    ),
});
export type FeedInput = z.infer<typeof FeedInputSchema>;

export const CalendarExportSchema = z.object({ exportUrl: z.string() });
