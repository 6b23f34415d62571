import http from 'node:http';
import readline from 'node:readline';
import { assert, number, object, string } from 'superstruct';

/**
 * The idle account-stream clients of the account-stream bench, run as their own process (`node
 * --import tsx bench/load/sseClients.ts <plan as JSON>`) so that holding and reading thousands of
 * sockets never competes with the server for its event loop. It takes one command per line on
 * stdin and answers each with one JSON line on stdout:
 *
 * - `{"cmd":"open","total":N}`: opens streams (GET `plan.path` with `plan.cookie`, no keep-alive
 *   agent) until N are open, `plan.batch` at a time so the connects never overflow the server's
 *   listen backlog; answers `{"open":N,"failed":k}` once each has its response headers.
 * - `{"cmd":"clock"}`: answers `{"now":t}`, this process's clock, so the parent can see how far the
 *   two clocks are apart (it should be well under a millisecond).
 * - `{"cmd":"expect","marker":"m","timeoutMs":t}`: answers `{"armed":true}` at once, then, when
 *   every open stream has received a `data:` line holding `m` (or after `t` ms),
 *   `{"marker":"m","arrivals":[...],"missing":k}`: the arrival time on each stream that got it.
 * - `{"cmd":"close"}`: destroys every stream, answers `{"closed":N}` and exits.
 *
 * Times are `performance.timeOrigin + performance.now()`: milliseconds since the epoch with
 * sub-millisecond resolution. Both processes run on one machine and read the same wall clock
 * (their time origins are taken from it when each starts), so an arrival here minus a trigger
 * time in the parent is the delay, up to the skew the `clock` command shows.
 *
 * Bounded by itself: only a loopback origin is accepted, at most 20,000 streams, and the process
 * exits after `plan.maxSeconds` or as soon as its stdin closes (the parent went away).
 */
const PlanSchema = object({
  origin: string(),
  path: string(),
  cookie: string(),
  batch: number(),
  maxSeconds: number(),
});
type Plan = typeof PlanSchema.TYPE;

const MAX_STREAMS = 20_000;

const now = () => performance.timeOrigin + performance.now();
const answer = (line: unknown) => process.stdout.write(`${JSON.stringify(line)}\n`);

interface Stream {
  request: http.ClientRequest;
  /** The `data:` lines are checked against this; null between expectations. */
  onData: ((payload: string) => void) | null;
}

function openStream(plan: Plan, streams: Set<Stream>): Promise<boolean> {
  return new Promise((resolve) => {
    const stream: Stream = { request: undefined as unknown as http.ClientRequest, onData: null };
    let settled = false;
    const settle = (ok: boolean) => {
      if (settled) return;
      settled = true;
      resolve(ok);
    };
    stream.request = http.get(`${plan.origin}${plan.path}`, { headers: { Cookie: plan.cookie, Accept: 'text/event-stream' }, agent: false }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        stream.request.destroy();
        settle(false);
        return;
      }
      streams.add(stream);
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let newline = buffer.indexOf('\n');
        while (newline !== -1) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + 1);
          if (line.startsWith('data:')) stream.onData?.(line.slice(5).trim());
          newline = buffer.indexOf('\n');
        }
      });
      response.on('close', () => streams.delete(stream));
      settle(true);
    });
    stream.request.on('error', () => {
      streams.delete(stream);
      settle(false);
    });
  });
}

async function main(): Promise<void> {
  const plan: unknown = JSON.parse(process.argv[2] ?? '{}');
  assert(plan, PlanSchema);
  const host = new URL(plan.origin).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost' && host !== '[::1]') throw new Error(`sseClients loads loopback only, not ${host}`);
  const streams = new Set<Stream>();
  const lifetime = setTimeout(() => {
    console.error(`sseClients: ${plan.maxSeconds} s are up, exiting`);
    process.exit(2);
  }, plan.maxSeconds * 1000);
  lifetime.unref();

  const close = () => {
    for (const stream of streams) stream.request.destroy();
    answer({ closed: streams.size });
    process.exit(0);
  };

  const commands = readline.createInterface({ input: process.stdin });
  commands.on('close', close);
  // One command at a time, in order.
  let queue = Promise.resolve();
  commands.on('line', (line) => {
    queue = queue
      .then(async () => {
        const command = JSON.parse(line) as { cmd: string; total?: number; marker?: string; timeoutMs?: number };
        switch (command.cmd) {
          case 'open': {
            const total = Math.min(MAX_STREAMS, command.total ?? 0);
            let failed = 0;
            while (streams.size < total) {
              const batch = Math.min(plan.batch, total - streams.size);
              const results = await Promise.all(Array.from({ length: batch }, () => openStream(plan, streams)));
              const failures = results.filter((ok) => !ok).length;
              failed += failures;
              if (failed > total) throw new Error(`sseClients: ${failed} streams failed to open`);
              if (failures === batch) await new Promise((resolve) => setTimeout(resolve, 100));
            }
            answer({ open: streams.size, failed });
            return;
          }
          case 'clock':
            answer({ now: now() });
            return;
          case 'expect': {
            const marker = command.marker ?? '';
            const arrivals: number[] = [];
            const waiting = [...streams];
            let left = waiting.length;
            let done: () => void = () => undefined;
            const finished = new Promise<void>((resolve) => (done = resolve));
            for (const stream of waiting) {
              stream.onData = (payload) => {
                if (!payload.includes(marker)) return;
                arrivals.push(now());
                stream.onData = null;
                if (--left === 0) done();
              };
            }
            answer({ armed: true });
            const timer = setTimeout(done, command.timeoutMs ?? 10_000);
            if (left === 0) done();
            await finished;
            clearTimeout(timer);
            for (const stream of waiting) stream.onData = null;
            answer({ marker, arrivals, missing: left });
            return;
          }
          case 'close':
            close();
            return;
          default:
            throw new Error(`sseClients: unknown command ${line}`);
        }
      })
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
