import fs from 'node:fs';
import { type ActionLogEntry, SESSION_STARTED } from '../../shared/actionLog/entry';
import { replaySession, type SessionReplay } from '../../shared/actionLog/replay';
import { parseSessionFile, SessionFileError } from '../../shared/actionLog/sessionFile';
import { openActionLogReader } from '../actionLog/actionLogs';
import { readActionLog } from '../actionLog/actionLogStore';
import { openDatabase } from '../db/openDatabase';
import { runAsScript, type Tool, UsageError } from './tool';

const USAGE = 'Usage: npm run replay -- <session id | file.jsonl> [--state]  |  npm run replay -- --all --since <7d | 12h | YYYY-MM-DD>';

const DAY_MS = 24 * 60 * 60 * 1000;

export function parseSince(text: string | undefined, now: Date): Date {
  const relative = /^(\d{1,4})([dh])$/.exec(text ?? '');
  if (relative) return new Date(now.getTime() - Number(relative[1]) * (relative[2] === 'd' ? DAY_MS : DAY_MS / 24));
  if (text && /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`))) return new Date(`${text}T00:00:00Z`);
  throw new UsageError(`--since takes an age like 7d or 12h, or a day YYYY-MM-DD; got "${text ?? ''}". ${USAGE}`);
}

const failed = (result: SessionReplay) => result.divergedAt !== null || result.invariantFailures.length > 0;

function verdict(result: SessionReplay): string[] {
  const lines: string[] = [];
  const matching = result.checkpoints.filter((checkpoint) => checkpoint.recorded === checkpoint.replayed).length;
  lines.push(`Checkpoints: ${matching} of ${result.checkpoints.length} match${result.divergedAt === null ? '' : `; replay parts from the recording at #${result.divergedAt}`}`);
  for (const gap of result.missing) lines.push(`Missing entries #${gap.from}–#${gap.to} (never stored): checkpoints after them may not match`);
  if (result.invariantFailures.length === 0) lines.push('Invariants: all hold');
  for (const failure of result.invariantFailures) lines.push(`Invariant broken at #${failure.seq}: ${failure.invariant} (${failure.problem})`);
  return lines;
}

function describeStart(entry: ActionLogEntry): string {
  const payload = entry.payload as { state?: { navigation?: { pathname?: string } }; viewport?: { width?: number } };
  const where = payload.state?.navigation?.pathname ?? '?';
  return payload.viewport?.width ? `${where} at ${payload.viewport.width} px` : where;
}

/** The timeline, then what the replay found, then the final state (its summary, or all of it with --state). */
function printSession(print: (text: string) => void, label: string, entries: ActionLogEntry[], showState: boolean): SessionReplay {
  const result = replaySession(entries);
  print(`${label}: ${entries.length} entries, ${entries.filter((entry) => entry.type === SESSION_STARTED).length} page loads`);
  for (const entry of entries) print(`  #${entry.seq}  ${entry.at}  ${entry.type}${entry.type === SESSION_STARTED ? `  ${describeStart(entry)}` : ''}`);
  for (const line of verdict(result)) print(line);
  const state = result.state;
  if (!state) print('Final state: none (the log holds no page load to start from)');
  else if (showState) print(`Final state:\n${JSON.stringify(state, null, 2)}`);
  else {
    const track = state.player.currentTrackId;
    print(`Final state: page ${state.navigation.pathname}${state.navigation.search}; cart ${state.cart.items.length} item(s), total $${state.cart.total}${state.cart.coupon ? `, coupon ${state.cart.coupon.code}` : ''}; player ${track === null ? 'closed' : `on track ${track}`}`);
  }
  return result;
}

/** Input that is not a session (a file that is not a session export) is the caller's mistake too. */
export const replayTool: Tool = {
  name: 'replay',
  usageErrors: [SessionFileError],
  async run(args, { databaseUrl, print }) {
    const showState = args.includes('--state');
    const rest = args.filter((arg) => arg !== '--state');
    const database = await openDatabase(databaseUrl);
    const logs = openActionLogReader(database);
    try {
      if (rest[0] === '--all') {
        if (rest[1] !== '--since' || rest.length !== 3) throw new UsageError(USAGE);
        const since = parseSince(rest[2], new Date());
        const sessions = await logs.query.selectFrom('action_log_sessions').select('id').where('last_seen_at', '>=', since.getTime()).orderBy('last_seen_at').execute();
        const broken: string[] = [];
        for (const { id } of sessions) {
          const result = replaySession(await readActionLog(logs.query, id));
          if (failed(result)) broken.push(`${id}: ${verdict(result).filter((line) => !line.startsWith('Checkpoints: ') || result.divergedAt !== null).join('; ')}`);
        }
        print(`${sessions.length} session(s) since ${since.toISOString()} replayed through this build's reducers; ${broken.length} no longer match${broken.length ? ':' : '.'}`);
        for (const line of broken) print(`  ${line}`);
        return broken.length > 0 ? 1 : 0;
      }
      if (rest.length !== 1 || rest[0]!.startsWith('--')) throw new UsageError(USAGE);
      const target = rest[0]!;
      if (target.endsWith('.jsonl')) {
        if (!fs.existsSync(target)) throw new UsageError(`No such file: ${target}`);
        const file = parseSessionFile(fs.readFileSync(target, 'utf8'));
        return failed(printSession(print, `Session ${file.header.sessionId} from ${target}`, file.entries, showState)) ? 1 : 0;
      }
      const entries = await readActionLog(logs.query, target);
      if (entries.length === 0) throw new UsageError(`No stored session ${target} (expired, erased, or never recorded)`);
      return failed(printSession(print, `Session ${target}`, entries, showState)) ? 1 : 0;
    } finally {
      await logs.close();
      await database.close();
    }
  },
};

if (require.main === module) runAsScript(replayTool);
