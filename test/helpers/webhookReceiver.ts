import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { create } from 'superstruct';
import type { AnalyticsLine } from '../../shared/schemas/analytics';
import { WebhookPayloadSchema } from '../../shared/schemas/analyticsWebhooks';

/** One POST as the receiver got it: the raw body (what the signature covers) and the headers. */
export interface ReceivedPost {
  headers: Record<string, string>;
  body: string;
  /** The status the receiver answered. */
  answered: number;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>/hooks/beatcrate`. */
  url: string;
  port: number;
  posts: ReceivedPost[];
  /** The next POSTs are answered with these statuses, in order; after them, 200. */
  answerNext(...statuses: number[]): void;
  /** Every event of every 2xx-answered POST, in the order they arrived, decoded as a consumer would. */
  deliveredEvents(): AnalyticsLine[];
  /** Stops listening: a POST now meets a refused connection, as when the consumer is down. */
  close(): Promise<void>;
}

/** A consumer's endpoint: a real HTTP server on loopback (on `port`, to come back where it was). */
export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  const posts: ReceivedPost[] = [];
  const answers: number[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answered = answers.shift() ?? 200;
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      posts.push({ headers, body: Buffer.concat(chunks).toString('utf8'), answered });
      response.writeHead(answered, { 'Content-Type': 'text/plain' }).end(answered < 300 ? 'ok' : 'not now');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const listening = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${listening}/hooks/beatcrate`,
    port: listening,
    posts,
    answerNext: (...statuses) => answers.push(...statuses),
    deliveredEvents: () => posts.filter((post) => post.answered < 300).flatMap((post) => create(JSON.parse(post.body) as unknown, WebhookPayloadSchema).events),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
