import http from 'node:http';
import type { AddressInfo } from 'node:net';
import readline from 'node:readline';
import { Webhook } from 'standardwebhooks';
import { create } from 'superstruct';
import { WebhookPayloadSchema } from '../../shared/schemas/analyticsWebhooks';

/**
 * The consumer of the webhook bench, in a process of its own (`node --import tsx
 * bench/load/webhookReceiver.ts`), so that receiving never competes with the sending server for its
 * event loop. It does what a careful receiver does with each POST: verifies the Standard Webhooks
 * signature with the secret, decodes the batch, checks that its events follow the last one's
 * cursor, and answers 204.
 *
 * Prints `{"port": n}` once listening. Commands on stdin, one a line: `secret <whsec_…>` (answers
 * `{"ok": true}`), `report` (the counts so far as one JSON line), `stop`.
 */
async function main(): Promise<void> {
  let webhook: Webhook | null = null;
  const counts = { posts: 0, events: 0, refused: 0, outOfOrder: 0 };
  let lastCursor = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      counts.posts++;
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      try {
        if (!webhook) throw new Error('no secret yet');
        const { events } = create(webhook.verify(Buffer.concat(chunks).toString('utf8'), headers), WebhookPayloadSchema);
        for (const line of events) {
          if (Number(line.cursor) <= lastCursor) counts.outOfOrder++;
          lastCursor = Number(line.cursor);
        }
        counts.events += events.length;
        response.writeHead(204).end();
      } catch {
        counts.refused++;
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  console.log(JSON.stringify({ port: (server.address() as AddressInfo).port }));
  for await (const line of readline.createInterface({ input: process.stdin })) {
    const [command, argument] = line.split(' ');
    if (command === 'secret' && argument) {
      webhook = new Webhook(argument);
      console.log(JSON.stringify({ ok: true }));
    } else if (command === 'report') {
      console.log(JSON.stringify(counts));
    } else if (command === 'stop') {
      break;
    }
  }
  server.closeAllConnections();
  server.close();
  // stdin stays referenced after its reader stops; the bench waits for this exit.
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error('webhook receiver:', error);
  process.exit(1);
});
