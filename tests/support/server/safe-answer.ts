import { type ErrorCode, ErrorBodySchema } from '../../../src/shared/errors.js';
import { decodeBody } from './raw-http.js';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** As sent, still content-encoded. */
  body: Buffer;
}

export interface AnswerRules {
  method: string;
  /** What a 2xx may be instead of JSON (robots.txt, sitemap.xml). */
  successType?: RegExp;
  /** When set, the request sent this If-None-Match, so a 304 is a right answer. */
  ifNoneMatch?: string;
}

const JSON_TYPE = /^application\/json(;|$)/;
// Signs that an internal error escaped: a stack frame or a file path of the server.
const LEAK = /\n\s+at \S|node_modules|\/src\/server\//;

/**
 * The contract every answer of the API keeps, whatever was sent: never a 5xx; a 2xx or a 4xx (or a
 * 304 to a matching If-None-Match); JSON that parses, with the one error body on a 4xx; no stack trace.
 * Throws a description of the first broken rule.
 */
export function assertSafeAnswer(answer: Answer, rules: AnswerRules): void {
  const { status } = answer;
  const fail = (why: string): never => {
    throw new Error(
      `${why} (status ${status}, content-type ${String(answer.headers['content-type'])}, body ${JSON.stringify(answer.body.subarray(0, 300).toString('utf8'))})`,
    );
  };
  if (status >= 500) fail('a 5xx answer');
  if (status === 304) {
    if (rules.ifNoneMatch === undefined) fail('a 304 to a request without If-None-Match');
    if (answer.body.length > 0) fail('a 304 with a body');
    return;
  }
  if (status < 200 || (status >= 300 && status < 400)) fail('neither 2xx nor 4xx');
  if (status === 204) {
    if (answer.body.length > 0) fail('a 204 with a body');
    return;
  }
  const type = String(answer.headers['content-type'] ?? '');
  const expectedType = status < 300 && rules.successType ? rules.successType : JSON_TYPE;
  if (!expectedType.test(type)) fail(`content-type is not ${expectedType}`);
  if (rules.method === 'HEAD') {
    if (answer.body.length > 0) fail('a HEAD answer with a body');
    return;
  }
  const encoding = answer.headers['content-encoding'];
  const text = decodeBody(answer.body, typeof encoding === 'string' ? encoding : undefined).toString('utf8');
  if (LEAK.test(text)) fail('the body shows server internals');
  if (!JSON_TYPE.test(type)) return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return fail('the body is not JSON');
  }
  if (status >= 400) {
    const problem = errorBodyProblem(status, parsed);
    if (problem) fail(`a 4xx with a wrong error body: ${problem}`);
  }
}

const CODES_FOR_STATUS: Record<number, readonly ErrorCode[]> = {
  401: ['unauthorized'],
  403: ['forbidden'],
  404: ['not_found'],
  // Taken nights are a conflict the page explains in its own words.
  // So is a content editor's stale copy, and a content read from the files.
  // And check-in before it opens, and a bulletin the SIBA service is not set up to take.
  409: [
    'conflict',
    'dates_unavailable',
    'draft_conflict',
    'content_read_only',
    'check_in_not_open',
    'siba_unavailable',
  ],
  413: ['payload_too_large'],
  414: ['payload_too_large'],
  431: ['payload_too_large'],
  415: ['unsupported_media_type'],
  429: ['rate_limited'],
};

/**
 * Why `value` is not the one error body every route answers with, `{"error":{"code","message","field"?,"issues"?}}`
 * (exactly these keys, a non-empty message, and a code that fits the status), or undefined when it is.
 */
export function errorBodyProblem(status: number, value: unknown): string | undefined {
  const parsed = ErrorBodySchema.strict().safeParse(value);
  if (!parsed.success) return `not the error body: ${parsed.error.issues[0]?.message ?? ''}`;
  const { code, message, field, issues } = parsed.data.error;
  const keys = Object.keys((value as { error: object }).error);
  if (keys.some((key) => !['code', 'message', 'field', 'issues'].includes(key)))
    return `unexpected keys ${keys.join(', ')}`;
  if (issues !== undefined && (issues.length === 0 || issues[0]?.field !== field))
    return 'issues that do not start with the field';
  if (!message) return 'an empty message';
  if (field !== undefined && !field) return 'an empty field';
  const expected = status === 400 ? [field ? 'invalid_field' : 'invalid_body'] : CODES_FOR_STATUS[status];
  if (expected && !expected.includes(code))
    return `code ${code} for status ${status}, expected ${expected.join(' or ')}`;
  if (field !== undefined && code !== 'invalid_field') return `a field with code ${code}`;
  return undefined;
}
