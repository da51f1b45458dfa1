import type { AdminBlock, AdminFeed } from '../../../src/shared/calendar.js';
import type { AdminInquiry } from '../../../src/shared/inquiries.js';
import type { AdminReview } from '../../../src/shared/reviews.js';
import { addDays } from '../../../src/shared/date-ranges.js';
import { houseToday } from '../../../src/shared/dates.js';
import { weekdayOf } from '../../../src/shared/quote.js';
import { bookingBody } from '../server/booking-site.js';
import { TEST_ADMIN_PASSWORD } from './built-server.js';

const TIMEOUT_MS = 10_000;

export interface NewReview {
  clientName: string;
  rating: number;
  comment: string;
}

export interface NewInquiry {
  name: string;
  email: string;
  guests?: number;
  message?: string;
  checkIn?: string;
  checkOut?: string;
  locale?: string;
}

async function send(
  url: string,
  path: string,
  init: { method: string; body?: unknown; cookie?: string },
  expected: number,
): Promise<Response> {
  const headers: Record<string, string> = { origin: url };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.cookie) headers.cookie = init.cookie;
  const response = await fetch(`${url}${path}`, {
    method: init.method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (response.status !== expected)
    throw new Error(`${init.method} ${path} answered ${response.status}, not ${expected}: ${await response.text()}`);
  return response;
}

/** A visitor's review through the public API (201), pending until approved. */
export async function submitReview(url: string, review: NewReview): Promise<void> {
  await send(url, '/api/reviews', { method: 'POST', body: review }, 201);
}

/** A visitor's inquiry through the public API (202), queued in the outbox. */
export async function submitInquiry(url: string, inquiry: NewInquiry): Promise<void> {
  await send(url, '/api/inquiries', { method: 'POST', body: inquiry }, 202);
}

/** A guest's booking through the public API: its code when `expected` is 201, else the error's code. */
export async function submitBooking(url: string, booking: Record<string, unknown>, expected: 201 | 409 = 201) {
  const body = (await (await send(url, '/api/bookings', { method: 'POST', body: booking }, expected)).json()) as {
    code?: string;
    error?: { code: string };
  };
  return body.code ?? body.error?.code ?? '';
}

/**
 * A week's bank-transfer booking from the first Saturday `daysAhead` days on (any season's arrival
 * day), as the booking form makes it: its answer, and its guest page's address on this server.
 */
export async function bookByTransfer(url: string, daysAhead: number) {
  let checkIn = addDays(houseToday(Date.now()), daysAhead);
  while (weekdayOf(checkIn) !== 'sat') checkIn = addDays(checkIn, 1);
  const body = bookingBody({ checkIn, checkOut: addDays(checkIn, 7), paymentMethod: 'bank_transfer' });
  const booking = (await (await send(url, '/api/bookings', { method: 'POST', body }, 201)).json()) as {
    code: string;
    bookingUrl: string;
    totalCents: number;
    dueNowCents: number;
    bankTransfer: { dueBy: string };
  };
  const link = new URL(booking.bookingUrl);
  return {
    ...booking,
    page: `${url}${link.pathname}${link.search}`,
    api: `${url}/api${link.pathname.replace('/booking/', '/bookings/')}${link.search}`,
  };
}

/**
 * The owner's side of the server through its own admin API, logged in with the test password:
 * what the admin panel shows and does, without the page. Every call throws on an unexpected status.
 */
export class AdminApi {
  private constructor(
    private readonly url: string,
    readonly cookie: string,
  ) {}

  static async login(url: string, password = TEST_ADMIN_PASSWORD): Promise<AdminApi> {
    const response = await send(url, '/api/admin/login', { method: 'POST', body: { password } }, 204);
    return new AdminApi(
      url,
      response.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    );
  }

  private call(method: string, path: string, expected: number, body?: unknown): Promise<Response> {
    return send(this.url, path, { method, cookie: this.cookie, body }, expected);
  }

  /** Every item of an admin list, following its pages' cursors. */
  private async all<T>(path: string): Promise<T[]> {
    const items: T[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `${path.includes('?') ? '&' : '?'}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = (await (await this.call('GET', `${path}${query}`, 200)).json()) as {
        items: T[];
        nextCursor: string | null;
      };
      items.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return items;
  }

  async reviews(status: 'pending' | 'approved' | 'all' = 'all'): Promise<AdminReview[]> {
    return this.all<AdminReview>(`/api/admin/reviews?status=${status}`);
  }

  async approveReview(id: string): Promise<void> {
    await this.call('POST', `/api/admin/reviews/${id}/approve`, 204);
  }

  async deleteReview(id: string): Promise<void> {
    await this.call('DELETE', `/api/admin/reviews/${id}`, 204);
  }

  async inquiries(): Promise<AdminInquiry[]> {
    return this.all<AdminInquiry>('/api/admin/inquiries');
  }

  async retryInquiry(id: string): Promise<void> {
    await this.call('POST', `/api/admin/inquiries/${id}/retry`, 204);
  }

  async confirmInquiry(id: string): Promise<AdminBlock> {
    return (await (await this.call('POST', `/api/admin/inquiries/${id}/confirm`, 201)).json()) as AdminBlock;
  }

  /** Answers an inquiry with an offer (at the quote, or at `totalCents`): its code and the guest's link. */
  async offer(
    inquiryId: string,
    totalCents?: number,
    extra: Record<string, unknown> = {},
  ): Promise<{ code: string; payUrl: string }> {
    const body = { ...(totalCents === undefined ? {} : { totalCents }), ...extra };
    return (await (await this.call('POST', `/api/admin/inquiries/${inquiryId}/offer`, 201, body)).json()) as {
      code: string;
      payUrl: string;
    };
  }

  /** Marks a bank transfer received (the deposit or more), which confirms an awaiting booking. */
  async markPaid(code: string, amountCents: number): Promise<void> {
    await this.call('POST', `/api/admin/bookings/${code}/mark-paid`, 200, { amountCents });
  }

  /** Enters a stay from another channel (POST /api/admin/stays): its booking code. */
  async addStay(stay: Record<string, unknown>): Promise<string> {
    return ((await (await this.call('POST', '/api/admin/stays', 201, stay)).json()) as { code: string }).code;
  }

  async blocks(): Promise<AdminBlock[]> {
    return this.all<AdminBlock>('/api/admin/blocks');
  }

  /** Nights from `start` to the exclusive `end`, both `YYYY-MM-DD`. */
  async addBlock(start: string, end: string, note?: string): Promise<AdminBlock> {
    return (await (await this.call('POST', '/api/admin/blocks', 201, { start, end, note })).json()) as AdminBlock;
  }

  /** Removes a block; `expected` 409 for a booking's nights, which only the booking's end frees. */
  async deleteBlock(id: string, expected: 204 | 409 = 204): Promise<void> {
    await this.call('DELETE', `/api/admin/blocks/${id}`, expected);
  }

  async feeds(): Promise<AdminFeed[]> {
    return ((await (await this.call('GET', '/api/admin/feeds', 200)).json()) as { items: AdminFeed[] }).items;
  }

  async addFeed(name: string, url: string): Promise<AdminFeed> {
    return (await (await this.call('POST', '/api/admin/feeds', 201, { name, url })).json()) as AdminFeed;
  }

  /** Reads a feed now, as its five-minute sync would; throws when the sync reports an error. */
  async syncFeed(id: string): Promise<void> {
    const feed = (await (await this.call('POST', `/api/admin/feeds/${id}/sync`, 200)).json()) as AdminFeed;
    if (feed.lastError) throw new Error(`The feed's sync failed: ${feed.lastError}`);
  }
}

/** Submits reviews through the public API and approves them through the admin API. */
export async function seedApprovedReviews(url: string, reviews: NewReview[]): Promise<void> {
  for (const review of reviews) await submitReview(url, review);
  const admin = await AdminApi.login(url);
  const names = new Set(reviews.map((r) => r.clientName));
  for (const item of (await admin.reviews('pending')).filter((r) => names.has(r.clientName)))
    await admin.approveReview(item.id);
}

export const uniqueName = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;
