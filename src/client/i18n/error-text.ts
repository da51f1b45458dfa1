import { property } from 'virtual:content';
import { GUESTS_MIN } from '../../shared/constants';
import { ApiError } from '../lib/api';
import { messages } from './messages';

/**
 * What to tell a guest about a failed request, chosen from the error's `code` and `field` (never
 * from the server's English `message`), so a second language needs no server change.
 */
export function errorText(error: unknown): string {
  const { errors } = messages;
  if (!(error instanceof ApiError)) return errors.network;
  if (error.code === 'rate_limited' && error.retryAfterSeconds !== undefined) {
    return errors.rateLimited(Math.max(1, Math.ceil(error.retryAfterSeconds / 60)));
  }
  if (error.code === 'invalid_field' && error.field) {
    const text = errors.byField[error.field as keyof typeof errors.byField];
    if (typeof text === 'function') return text(GUESTS_MIN, property.capacity);
    if (text) return text;
  }
  return errors.byCode[error.code];
}
