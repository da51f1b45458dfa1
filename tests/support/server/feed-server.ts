import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server on 127.0.0.1 that serves calendar feeds the way platforms do: each path's
 * text with an ETag, answering a matching If-None-Match with 304. A path can be made to fail, and
 * every request is counted, so tests see what the importer asked for.
 */
export class FeedServer {
  readonly requests: Array<{ path: string; ifNoneMatch: string | undefined }> = [];
  private readonly feeds = new Map<string, string | Buffer | { status: number }>();

  private constructor(private readonly server: Server) {}

  static async start(): Promise<FeedServer> {
    const server = createServer();
    const feeds = new FeedServer(server);
    server.on('request', (request, response) => {
      const path = request.url ?? '/';
      const ifNoneMatch = request.headers['if-none-match'];
      feeds.requests.push({ path, ifNoneMatch });
      const feed = feeds.feeds.get(path);
      if (feed === undefined) return response.writeHead(404).end('not found');
      if (typeof feed !== 'string' && !Buffer.isBuffer(feed)) return response.writeHead(feed.status).end('failed');
      const etag = `"${createHash('sha1').update(feed).digest('hex')}"`;
      if (ifNoneMatch === etag) return response.writeHead(304, { etag }).end();
      response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', etag }).end(feed);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return feeds;
  }

  /** Serves `feed` (text, or bytes exactly as given) at `path` from now on, or fails with `status`. */
  set(path: string, feed: string | Buffer | { status: number }): void {
    this.feeds.set(path, feed);
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  requestsFor(path: string): number {
    return this.requests.filter((r) => r.path === path).length;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
