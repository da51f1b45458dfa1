import type { Insertable, Selectable } from 'kysely';

// Timestamps are ISO-8601 UTC strings of fixed width (toISOString): they sort as text the same
// way on SQLite and PostgreSQL, so the keyset pagination needs no dialect-specific code.
// Booleans are 0/1 integers for the same reason (better-sqlite3 cannot bind booleans).

export interface ReviewsTable {
  id: string;
  client_name: string;
  rating: number;
  comment: string;
  is_approved: number;
  created_at: string;
}

export interface AdminSessionsTable {
  /** SHA-256 of the cookie's token: a copy of the database grants no session. */
  token_hash: string;
  created_at: string;
  last_seen_at: string;
}

export interface LoginFailuresTable {
  ip: string;
  failures: number;
  window_started_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface InquiriesTable {
  id: string;
  name: string;
  email: string;
  guests: number | null;
  message: string;
  check_in: string | null;
  check_out: string | null;
  created_at: string;
  /** One Message-ID for the inquiry's whole life, so a retry is the same mail, not a new one. */
  message_id: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  next_attempt_at: string;
  /** While set and in the future, one delivery owns the row; a crashed sender's lease runs out. */
  lease_until: string | null;
  sent_at: string | null;
}

export interface RateLimitsTable {
  /** Route and client address. */
  key: string;
  hits: number;
  window_started_at: string;
}

export interface Database {
  reviews: ReviewsTable;
  admin_sessions: AdminSessionsTable;
  login_failures: LoginFailuresTable;
  settings: SettingsTable;
  inquiries: InquiriesTable;
  rate_limits: RateLimitsTable;
}

export type ReviewRow = Selectable<ReviewsTable>;
export type NewReviewRow = Insertable<ReviewsTable>;
export type InquiryRow = Selectable<InquiriesTable>;
