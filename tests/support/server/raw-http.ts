import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export interface RawResponse {
  status: number;
  /** Lower-case names; a repeated header keeps its last value. */
  headers: Record<string, string>;
  /** The body as sent, still content-encoded. */
  body: Buffer;
}

const HEAD_END = Buffer.from('\r\n\r\n');

/**
 * Sends the bytes exactly as given and reads one response. fetch, http.request and inject all
 * normalise or refuse odd request targets; this does not, so the server's own parser sees them.
 */
export function rawRequest(port: number, request: string | Buffer, timeoutMs = 5000): Promise<RawResponse> {
  const bytes = typeof request === 'string' ? Buffer.from(request, 'latin1') : request;
  const isHead = bytes.subarray(0, 5).toString('latin1') === 'HEAD ';
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let received = Buffer.alloc(0);
    let settled = false;
    const finish = (error: Error | undefined, response?: RawResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve(response!);
    };
    const timer = setTimeout(
      () =>
        finish(
          new Error(
            `no complete response within ${timeoutMs} ms to ${JSON.stringify(bytes.subarray(0, 200).toString('latin1'))}`,
          ),
        ),
      timeoutMs,
    );
    const tryParse = (ended: boolean) => {
      let response: RawResponse | undefined;
      try {
        response = parseResponse(received, isHead, ended);
      } catch (error) {
        finish(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      if (response) finish(undefined, response);
      else if (ended)
        finish(
          new Error(
            `connection closed without a complete response (${received.length} bytes) to ${JSON.stringify(bytes.subarray(0, 200).toString('latin1'))}`,
          ),
        );
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      tryParse(false);
    });
    socket.on('end', () => tryParse(true));
    // A reset after the server answered (it may close while we still write) is not a failure.
    socket.on('error', (error) => (received.length > 0 ? tryParse(true) : finish(error)));
    socket.write(bytes);
  });
}

/** A GET (or other method) with the target sent verbatim (a string as UTF-8, or raw bytes), and Connection: close. */
export function rawGet(
  port: number,
  target: string | Buffer,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawResponse> {
  const rest = [
    'HTTP/1.1',
    'Host: 127.0.0.1',
    'Connection: close',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  return rawRequest(
    port,
    Buffer.concat([Buffer.from(`${method} `), Buffer.from(target), Buffer.from(` ${rest.join('\r\n')}\r\n\r\n`)]),
  );
}

function parseResponse(data: Buffer, isHead: boolean, ended: boolean): RawResponse | undefined {
  const headEnd = data.indexOf(HEAD_END);
  if (headEnd < 0) return undefined;
  const [statusLine = '', ...headerLines] = data.subarray(0, headEnd).toString('latin1').split('\r\n');
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
  if (!match) throw new Error(`not an HTTP response: ${JSON.stringify(statusLine)}`);
  const status = Number(match[1]);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = data.subarray(headEnd + HEAD_END.length);
  // An interim answer (100 Continue) comes before the real one.
  if (status >= 100 && status < 200) return parseResponse(rest, isHead, ended);
  if (isHead || status === 204 || status === 304) return { status, headers, body: Buffer.alloc(0) };
  if (headers['transfer-encoding']?.toLowerCase() === 'chunked') {
    const body = dechunk(rest);
    return body ? { status, headers, body } : undefined;
  }
  if (headers['content-length'] !== undefined) {
    const length = Number(headers['content-length']);
    return rest.length >= length ? { status, headers, body: rest.subarray(0, length) } : undefined;
  }
  return ended ? { status, headers, body: rest } : undefined;
}

/** The body of a complete chunked message, or undefined while the last chunk is still to come. */
function dechunk(data: Buffer): Buffer | undefined {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) return undefined;
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (Number.isNaN(size)) throw new Error('bad chunk size');
    if (size === 0) return Buffer.concat(parts);
    const start = lineEnd + 2;
    if (data.length < start + size + 2) return undefined;
    parts.push(data.subarray(start, start + size));
    at = start + size + 2;
  }
}

/** The body with its Content-Encoding undone, so the test reads what a browser would. */
export function decodeBody(body: Buffer, contentEncoding: string | undefined): Buffer {
  switch (contentEncoding?.toLowerCase()) {
    case undefined:
    case '':
    case 'identity':
      return body;
    case 'gzip':
      return gunzipSync(body);
    case 'br':
      return brotliDecompressSync(body);
    case 'deflate':
      return inflateSync(body);
    default:
      throw new Error(`unexpected Content-Encoding ${contentEncoding}`);
  }
}
