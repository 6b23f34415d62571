import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import readline from 'node:readline';
import { array, assert, number, object, string } from 'superstruct';
import { CHECKPOINT } from '../../shared/actionLog/checkpoint';
import { type ActionLogEntry, SESSION_STARTED } from '../../shared/actionLog/entry';
import { parseSessionFile } from '../../shared/actionLog/sessionFile';
import { percentile } from '../stats';

/**
 * The browser tabs of the action-log ingest bench, run as their own process (`node --import tsx
 * bench/load/actionLogTabs.ts <plan as JSON>`) so that sending batches never competes with the
 * measured server for its event loop. Each tab is a buyer's tab as `sagas/actionLog/shipActionLog.ts`
 * ships it: its log opens with the page load's `sessionStarted` (the committed buyer session's
 * real preloaded state, 21 KB), then every `intervalMs` a batch of `entriesPerBatch` of that
 * session's recorded actions, with the ticket the server issued. A batch holds one page's data
 * (one of the session's large entries: a catalogue page of 24 beats is 13 KB) and small actions
 * (navigations, the cart, the coupon field), about 12 KB in all: a page seen every 2 s is
 * already a fast buyer; 20 recorded actions in 2 s with a page in each would be 7 pages.
 *
 * Commands on stdin, one a line: `ship` (every tab at its pace, the tabs' first sends spread over
 * one interval, as real tabs are not synchronised), `flood` (every tab sends its next batch as
 * soon as the last is answered: the store's throughput), `pause` (no new batch; answers `paused`
 * once the batches in flight are answered), `report` (prints the counts since the last report as
 * one JSON line and starts new ones), `stop`.
 */
const PlanSchema = object({
  origin: string(),
  tickets: array(object({ sessionId: string(), token: string() })),
  intervalMs: number(),
  entriesPerBatch: number(),
});

const fixture = parseSessionFile(fs.readFileSync(path.join(__dirname, '../../test/fixtures/actionLog/buyer-session.jsonl'), 'utf8'));
const pageLoad = fixture.entries.find((entry) => entry.type === SESSION_STARTED)!;
const actions = fixture.entries.filter((entry) => entry.type !== SESSION_STARTED && entry.type !== CHECKPOINT);
const isPageData = (entry: ActionLogEntry) => JSON.stringify(entry).length > 1024;
const pages = actions.filter(isPageData);
const small = actions.filter((entry) => !isPageData(entry));

type Mode = 'paused' | 'ship' | 'flood';

interface Counts {
  batches: number;
  entries: number;
  stored: number;
  resent: number;
  statuses: Record<string, number>;
  latencies: number[];
  since: number;
}

const freshCounts = (): Counts => ({ batches: 0, entries: 0, stored: 0, resent: 0, statuses: {}, latencies: [], since: performance.now() });

async function main(): Promise<void> {
  const plan: unknown = JSON.parse(process.argv[2] ?? '{}');
  assert(plan, PlanSchema);
  // One connection per tab, kept alive, as each browser keeps its own.
  const agent = new http.Agent({ keepAlive: true, maxSockets: plan.tickets.length });
  const url = new URL('/api/v1/action-log', plan.origin);
  const post = (body: string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const sent = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.once('end', () => resolve({ status: response.statusCode ?? 0, text }));
        response.once('error', reject);
      });
      sent.once('error', reject);
      sent.end(body);
    });
  let mode: Mode = 'paused';
  let counts = freshCounts();
  let inFlight = 0;
  let onIdle: (() => void) | null = null;
  const wakers = new Set<() => void>();

  const send = async (ticket: { sessionId: string; token: string }, entries: ActionLogEntry[]) => {
    inFlight++;
    const started = performance.now();
    try {
      const body = JSON.stringify({ ...ticket, entries });
      // A kept-alive connection the server closed while the tab was idle: sent again on a new one, as a browser does.
      const response = await post(body).catch((error: unknown) => {
        if ((error as { code?: string }).code !== 'ECONNRESET') throw error;
        counts.resent++;
        return post(body);
      });
      counts.latencies.push(performance.now() - started);
      counts.statuses[response.status] = (counts.statuses[response.status] ?? 0) + 1;
      counts.batches++;
      counts.entries += entries.length;
      if (response.status === 201) counts.stored += (JSON.parse(response.text) as { stored: number }).stored;
    } catch (error) {
      const name = (error as { code?: string }).code ?? (error instanceof Error ? error.name : 'error');
      counts.statuses[name] = (counts.statuses[name] ?? 0) + 1;
    } finally {
      if (--inFlight === 0 && onIdle) {
        onIdle();
        onIdle = null;
      }
    }
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      wakers.add(wake);
    });

  const tab = async (ticket: { sessionId: string; token: string }, index: number) => {
    let seq = 0;
    let nextPage = index;
    let nextSmall = index;
    const batch = (): ActionLogEntry[] => {
      const at = new Date().toISOString();
      const entries: ActionLogEntry[] = [];
      if (seq === 0) entries.push({ ...pageLoad, seq: ++seq, at });
      entries.push({ ...pages[nextPage++ % pages.length]!, seq: ++seq, at });
      while (entries.length < plan.entriesPerBatch) entries.push({ ...small[nextSmall++ % small.length]!, seq: ++seq, at });
      return entries;
    };
    let started = false;
    for (;;) {
      if (mode === 'paused') {
        started = false;
        await sleep(3_600_000);
        continue;
      }
      if (mode === 'ship') {
        // The first send of a shipping phase is at the tab's own offset within one interval.
        const wait = started ? plan.intervalMs * (0.9 + Math.random() * 0.2) : (index * plan.intervalMs) / plan.tickets.length;
        started = true;
        // The wait runs from the end of the last send, as the saga's delay follows its flush.
        await sleep(wait);
        if ((mode as Mode) === 'paused') continue;
        await send(ticket, batch());
      } else {
        await send(ticket, batch());
      }
    }
  };
  plan.tickets.forEach((ticket, index) => void tab(ticket, index));

  const wakeAll = () => {
    for (const wake of [...wakers]) wake();
  };
  const lines = readline.createInterface({ input: process.stdin });
  for await (const line of lines) {
    const command = line.trim();
    if (command === 'ship' || command === 'flood') {
      mode = command;
      wakeAll();
    } else if (command === 'pause') {
      mode = 'paused';
      wakeAll();
      if (inFlight > 0) await new Promise<void>((resolve) => (onIdle = resolve));
      process.stdout.write('paused\n');
    } else if (command === 'report') {
      const elapsedMs = performance.now() - counts.since;
      const { latencies, ...rest } = counts;
      process.stdout.write(`${JSON.stringify({ ...rest, elapsedMs, p50: percentile(latencies, 50), p99: percentile(latencies, 99) })}\n`);
      counts = freshCounts();
    } else if (command === 'stop') {
      break;
    }
  }
  agent.destroy();
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
