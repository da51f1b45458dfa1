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

export interface Database {
  reviews: ReviewsTable;
  admin_sessions: AdminSessionsTable;
  login_failures: LoginFailuresTable;
  settings: SettingsTable;
}

export type ReviewRow = Selectable<ReviewsTable>;
export type NewReviewRow = Insertable<ReviewsTable>;
