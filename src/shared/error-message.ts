/**
 * A thrown value's message, for a log line or a stored error: an Error's message (or its name when
 * the message is empty), a thrown string as it is, an object's `message`, anything else as text.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') {
    return error.message;
  }
  return String(error);
}
