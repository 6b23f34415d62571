import path from 'node:path';
import { type ActionLogEntry, ACTION_LOG_LIMITS } from '../shared/actionLog/entry';
import { createApp } from '../server/app';
import { grantRole } from '../server/auth/staffRoles';
import { loadConfig } from '../server/config';
import { closeAppDeps, openAppDeps } from '../server/services';
import { registerBuyer } from './benchBuyers';
import { compared, type Metric } from './metric';
import { longSession } from './replayBench';
import { median, timeMs } from './stats';
import { withTempDir } from './tempDir';
import { whileListening } from './whileListening';

const LONG_ENTRIES = 10_000;
const SHORT_ENTRIES = 50;
/** Actions that make a log of `entries` with the recorder's checkpoint after every 50. */
const actionsFor = (entries: number) => Math.ceil(((entries - 1) * 50) / 51);
const MiB = 1024 * 1024;

/** The log in batches the ingest endpoint takes: at most 500 entries and 256 KB each, as the browser splits them. */
function batches(entries: readonly ActionLogEntry[]): ActionLogEntry[][] {
  const out: ActionLogEntry[][] = [[]];
  let bytes = 256;
  for (const entry of entries) {
    const size = JSON.stringify(entry).length + 1;
    if (out.at(-1)!.length >= ACTION_LOG_LIMITS.maxEntriesPerBatch || bytes + size > ACTION_LOG_LIMITS.maxBatchBytes) {
      out.push([]);
      bytes = 256;
    }
    out.at(-1)!.push(entry);
    bytes += size;
  }
  return out;
}

/**
 * Issue 27: what a moderator's opening of a long session costs the server, against a short one.
 * Both are the committed buyer session's actions repeated, with the recorder's checkpoints, shipped
 * through the ingest endpoint; each is opened as the console opens it (`GET
 * /support/sessions/:id`, the timeline answered whole), after one opening that starts the replay
 * thread. Time to the timeline, and the process's peak resident memory while opening (the replay
 * thread is in the process), each against the 50-entry session's.
 */
export async function supportReadBench(progress: (line: string) => void, options: { quick: boolean }): Promise<Metric[]> {
  const opens = options.quick ? 2 : 5;
  return withTempDir('support-read', async (dir) => {
    const config = {
      ...loadConfig({
        DATABASE_URL: `sqlite:${path.join(dir, 'support.sqlite')}`,
        MEDIA_DIR: path.join(dir, 'media'),
        CAPTCHA: 'off',
        ACTION_LOG_BATCHES_PER_MINUTE: '1000000',
        ACTION_LOG_ENTRIES_PER_MINUTE: '100000000',
        // Measured whole: the budget would cut a replay short on a busy machine and flatter the row.
        SUPPORT_REPLAY_SECONDS: '300',
      }),
      port: 0,
    };
    const deps = await openAppDeps(config);
    try {
      return await whileListening(createApp(deps, { assets: { scripts: [], styles: [] } }), async (origin) => {
        const base = `${origin}/api/v1`;
        const { cookie } = await registerBuyer(base, 'bench-support@example.com');
        await grantRole(deps, 'bench-support@example.com', 'moderator');
        const ship = async (entries: readonly ActionLogEntry[]) => {
          const ticket = deps.actionLogTickets.issue();
          for (const batch of batches(entries)) {
            const response = await fetch(`${base}/action-log`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...ticket, entries: batch }) });
            if (response.status !== 201) throw new Error(`the ingest answered ${response.status}: ${await response.text()}`);
          }
          return ticket.sessionId;
        };
        progress(`supportRead: shipping a ${SHORT_ENTRIES}- and a ${LONG_ENTRIES}-entry session`);
        const short = await ship(longSession(true, actionsFor(SHORT_ENTRIES)).slice(0, SHORT_ENTRIES));
        const long = await ship(longSession(true, actionsFor(LONG_ENTRIES)).slice(0, LONG_ENTRIES));

        const open = async (sessionId: string) => {
          const response = await fetch(`${base}/support/sessions/${sessionId}`, { headers: { Cookie: cookie } });
          const detail = (await response.json()) as { steps?: unknown[]; stopped?: unknown };
          if (response.status !== 200) throw new Error(`opening answered ${response.status}: ${JSON.stringify(detail)}`);
          return detail;
        };
        /** Median milliseconds to the timeline over `opens` openings, and the process's peak RSS meanwhile. */
        const measure = async (sessionId: string, entries: number) => {
          let peak = process.memoryUsage().rss;
          const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
          const times: number[] = [];
          try {
            for (let run = 0; run < opens; run++) {
              times.push(
                await timeMs(async () => {
                  const detail = await open(sessionId);
                  if (detail.steps?.length !== entries || detail.stopped !== null) throw new Error(`the ${entries}-entry session opened with ${detail.steps?.length} steps, stopped: ${JSON.stringify(detail.stopped)}`);
                }),
              );
            }
          } finally {
            clearInterval(sampler);
          }
          return { ms: median(times), peakMiB: peak / MiB };
        };
        // Starts the replay thread: its loading is not the reading of a log.
        await open(short);
        global.gc?.();
        const small = await measure(short, SHORT_ENTRIES);
        global.gc?.();
        const large = await measure(long, LONG_ENTRIES);
        progress(`supportRead: ${SHORT_ENTRIES} entries ${small.ms.toFixed(0)} ms, ${small.peakMiB.toFixed(0)} MiB; ${LONG_ENTRIES} entries ${large.ms.toFixed(0)} ms, ${large.peakMiB.toFixed(0)} MiB`);
        return [
          // 200 times the entries: a reading that grows no faster than the log meets it.
          compared(`support console: time to the timeline of a ${LONG_ENTRIES.toLocaleString('en')}-entry session (vs ${SHORT_ENTRIES} entries)`, large.ms, 'ms', small.ms, '< 200'),
          compared(`support console: server peak memory opening it (vs ${SHORT_ENTRIES} entries)`, large.peakMiB, 'MiB', small.peakMiB, '< 1.5'),
        ];
      });
    } finally {
      await closeAppDeps(deps);
    }
  });
}
