import readline from 'node:readline';
import { assert, number, object, string } from 'superstruct';

/**
 * An analytics consumer, run as its own process (`node --import tsx bench/load/analyticsConsumer.ts
 * <plan as JSON>`) so that reading never competes with the measured server for its event loop.
 * Commands on stdin, one a line:
 * - `read <readers>`: that many readers each page through the whole stream from the start, 1,000
 *   events a call, as a warehouse loader does; answers one JSON line `{events, seconds}`.
 * - `tail`: follows the live tail over SSE and pages the stream every second from its last cursor
 *   (the two ways a consumer keeps up), until `stop`; `stop` answers `{events}` it received.
 */
const PlanSchema = object({ origin: string(), key: string(), pageSize: number() });

async function main(): Promise<void> {
  const plan: unknown = JSON.parse(process.argv[2] ?? '{}');
  assert(plan, PlanSchema);
  const headers = { Authorization: `Bearer ${plan.key}` };
  const page = async (after: string) => {
    const response = await fetch(`${plan.origin}/api/v1/analytics/events?after=${after}&limit=${plan.pageSize}`, { headers });
    if (response.status !== 200) throw new Error(`events answered ${response.status}`);
    const text = await response.text();
    if (text === '') return { count: 0, last: after };
    const lines = text.trimEnd().split('\n');
    return { count: lines.length, last: (JSON.parse(lines[lines.length - 1]!) as { cursor: string }).cursor };
  };
  const readAll = async () => {
    let after = '';
    let events = 0;
    for (;;) {
      const { count, last } = await page(after);
      if (count === 0) return events;
      events += count;
      after = last;
    }
  };

  let tailing: { stop(): Promise<number> } | null = null;
  const startTail = () => {
    const abort = new AbortController();
    let received = 0;
    let polling = true;
    const sse = (async () => {
      const response = await fetch(`${plan.origin}/api/v1/analytics/stream`, { headers, signal: abort.signal });
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) return;
        received += (chunk.value.match(/^data: /gm) ?? []).length;
      }
    })().catch(() => undefined);
    const poller = (async () => {
      let after = '';
      while (polling) {
        const { count, last } = await page(after);
        received += count;
        after = last;
        if (count < plan.pageSize) await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    })();
    return {
      async stop() {
        polling = false;
        abort.abort();
        await Promise.all([sse, poller]);
        return received;
      },
    };
  };

  for await (const line of readline.createInterface({ input: process.stdin })) {
    const [command, argument] = line.trim().split(' ');
    if (command === 'read') {
      const readers = Number(argument ?? 1);
      const started = performance.now();
      const counts = await Promise.all(Array.from({ length: readers }, readAll));
      console.log(JSON.stringify({ events: counts.reduce((sum, count) => sum + count, 0), seconds: (performance.now() - started) / 1000 }));
    } else if (command === 'tail') {
      tailing = startTail();
      console.log(JSON.stringify({ tailing: true }));
    } else if (command === 'stop') {
      const events = tailing ? await tailing.stop() : 0;
      tailing = null;
      console.log(JSON.stringify({ events }));
    } else if (command === 'exit') {
      break;
    }
  }
}

main().then(
  // Kept-alive connections would hold the process open a while: it is done.
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
