import type { ErrorCode } from '../../shared/errors';

/** An API answer other than 2xx: the error body's code and field (see src/shared/errors.ts). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    /** From a 429's Retry-After header. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

// A body that is not the API's own (a proxy's error page, say) still gets a code from its status.
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'invalid_body',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

function toApiError(response: Response, data: unknown): ApiError {
  const error = (data as { error?: { code?: ErrorCode; message?: string; field?: string } } | undefined)?.error;
  const retryAfter = Number.parseInt(response.headers.get('retry-after') ?? '', 10);
  const code = typeof error === 'object' && error?.code ? error.code : (CODE_BY_STATUS[response.status] ?? 'internal');
  const message = typeof error === 'object' && error?.message ? error.message : `Request failed (${response.status})`;
  const field = typeof error === 'object' ? error?.field : undefined;
  return new ApiError(response.status, code, message, field, Number.isNaN(retryAfter) ? undefined : retryAfter);
}

export async function api<T = void>(path: string, { method = 'GET', body, signal }: RequestOptions = {}): Promise<T> {
  const response = await fetch(path, {
    method,
    signal,
    credentials: 'same-origin',
    headers:
      body === undefined
        ? { accept: 'application/json' }
        : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) throw toApiError(response, data);
  return data as T;
}

/** A file the API answers (a SIBA bulletin's XML), as text; a refusal is the same ApiError as above. */
export async function apiText(path: string): Promise<string> {
  const response = await fetch(path, {
    credentials: 'same-origin',
    headers: { accept: 'application/xml, application/json' },
  });
  if (!response.ok) throw toApiError(response, await response.json().catch(() => undefined));
  return response.text();
}
