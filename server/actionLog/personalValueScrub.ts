import type { UnknownAction } from '@reduxjs/toolkit';
import { type SqlBool, sql } from 'kysely';
import { array, type Infer, object, string } from 'superstruct';
import { CHECKPOINT, stateHash } from '../../shared/actionLog/checkpoint';
import { type ActionLogEntry, SESSION_STARTED } from '../../shared/actionLog/entry';
import { REDACTED } from '../../shared/schemas/personal';
import { rootReducer, type RootState } from '../../shared/store/rootReducer';
import type { Database } from '../db/database';

/** What an erased account leaves in other accounts' logs: its texts (names, addresses, words) and its page addresses. */
export const ErasedValuesSchema = object({ texts: array(string()), pageAddresses: array(string()) });
export type ErasedValues = Infer<typeof ErasedValuesSchema>;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** PostgreSQL's regular expressions take a backslash before any ASCII punctuation as that character. */
const escapePostgresRegExp = (text: string) => text.replace(/[!-/:-@[-`{-~]/g, '\\$&');
/** How the text appears inside the stored JSON of a payload. */
const asJson = (text: string) => JSON.stringify(text).slice(1, -1);
const ONE_WORD = /^[\p{L}\p{N}'’-]+$/u;

export interface Matcher {
  /** The text with every occurrence of the person replaced; the same text when it has none. */
  scrub(text: string): string;
  /** The forms the person takes in a stored payload's JSON, any case: a log holding none is left unread. */
  needles: string[];
}

/**
 * One word (a given name, a one-word artist name, a page address) is the person only where it is
 * a whole text, a field holding exactly that name: as part of other text it is as likely an
 * ordinary word ("Nova" in a pack's name). Longer values (a full name, an email, an address, their
 * words) are the person wherever they occur between word boundaries; a page address also where
 * it is a path's segment.
 */
export function matcherOf(values: ErasedValues): Matcher | null {
  const whole = new Set<string>();
  const anywhere = new Set<string>();
  for (const raw of values.texts) {
    const text = raw.trim();
    if ([...text].length < 2) continue;
    if (ONE_WORD.test(text)) whole.add(text.toLowerCase());
    else anywhere.add(text);
  }
  const addresses = values.pageAddresses.map((address) => address.trim()).filter((address) => address.length >= 3);
  for (const address of addresses) whole.add(address.toLowerCase());
  if (whole.size === 0 && anywhere.size === 0) return null;
  // Longest first, so a full name is replaced whole rather than a part of it.
  const inText = [...anywhere].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const inTextPattern = inText.length > 0 ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${inText.join('|')})(?![\\p{L}\\p{N}])`, 'giu') : null;
  const pathPattern = addresses.length > 0 ? new RegExp(`/(?:${addresses.map(escapeRegExp).join('|')})(?=$|[/?#])`, 'giu') : null;
  return {
    scrub(text) {
      if (whole.has(text.trim().toLowerCase())) return REDACTED;
      const scrubbed = inTextPattern ? text.replace(inTextPattern, REDACTED) : text;
      return pathPattern ? scrubbed.replace(pathPattern, `/${REDACTED}`) : scrubbed;
    },
    needles: [...[...whole].map((text) => `"${asJson(text)}"`), ...[...anywhere].map(asJson), ...addresses.map((address) => `/${asJson(address)}`)],
  };
}

function scrubValue(value: unknown, matcher: Matcher): unknown {
  if (typeof value === 'string') return matcher.scrub(value);
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, matcher));
  if (typeof value !== 'object' || value === null) return value;
  const scrubbed = {};
  for (const [key, item] of Object.entries(value)) {
    Object.defineProperty(scrubbed, matcher.scrub(key), { value: scrubValue(item, matcher), enumerable: true, writable: true, configurable: true });
  }
  return scrubbed;
}

const startState = (entry: ActionLogEntry) => (entry.payload as { state: RootState }).state;
const asAction = (entry: ActionLogEntry) => ({ type: entry.type, payload: entry.payload }) as UnknownAction;

/**
 * The checkpoints the scrubbed log must carry: where the log as recorded replayed to its
 * checkpoint, the hash the scrubbed log replays to there, so the session still replays true and a
 * checkpoint that did not match (a real divergence) still does not. A log this build cannot
 * replay keeps its checkpoints.
 */
function rehashedCheckpoints(recorded: readonly ActionLogEntry[], scrubbed: readonly ActionLogEntry[]): Map<number, string> {
  const hashes = new Map<number, string>();
  let before: RootState | null = null;
  let after: RootState | null = null;
  try {
    for (const [index, entry] of recorded.entries()) {
      const now = scrubbed[index]!;
      if (entry.type === SESSION_STARTED) {
        before = startState(entry);
        after = startState(now);
      } else if (before === null || after === null) {
        continue;
      } else if (entry.type === CHECKPOINT) {
        if ((entry.payload as { hash?: unknown } | undefined)?.hash === stateHash(before)) hashes.set(entry.seq, stateHash(after));
      } else {
        before = rootReducer(before, asAction(entry));
        after = rootReducer(after, asAction(now));
      }
    }
  } catch {
    return new Map();
  }
  return hashes;
}

/** One log scrubbed in a transaction of its own; answers the entries it changed. */
async function scrubSession(database: Database, sessionId: string, matcher: Matcher): Promise<number> {
  return database.transaction(async (tx) => {
    const rows = await tx.selectFrom('action_log_entries').select(['seq', 'at', 'type', 'payload']).where('session_id', '=', sessionId).orderBy('seq').execute();
    const recorded: ActionLogEntry[] = rows.map((row) => ({ seq: row.seq, at: row.at, type: row.type, payload: row.payload === null ? undefined : (JSON.parse(row.payload) as unknown) }));
    const scrubbed = recorded.map((entry) => (entry.payload === undefined ? entry : { ...entry, payload: scrubValue(entry.payload, matcher) }));
    if (scrubbed.every((entry, index) => entry === recorded[index] || JSON.stringify(entry.payload) === rows[index]!.payload)) return 0;
    const checkpoints = rehashedCheckpoints(recorded, scrubbed);
    let changed = 0;
    for (const [index, entry] of scrubbed.entries()) {
      const hash = checkpoints.get(entry.seq);
      const payload = hash === undefined ? entry.payload : { hash };
      const json = payload === undefined ? null : JSON.stringify(payload);
      if (json === rows[index]!.payload) continue;
      await tx.updateTable('action_log_entries').set({ payload: json }).where('session_id', '=', sessionId).where('seq', '=', entry.seq).execute();
      changed++;
    }
    return changed;
  });
}

/** Rows read at a time while looking for the logs to scrub; the thread takes other tasks between them. */
const SCAN_ROWS = 2_000;

/**
 * The logs holding any of the needles. PostgreSQL matches them itself, in one pass of a regular
 * expression; on SQLite the log thread reads the payloads in chunks and matches them here, one pass
 * each, letting the batches waiting for it be stored between chunks.
 */
async function logsHolding(database: Database, needles: readonly string[]): Promise<string[]> {
  if (database.kind === 'postgres') {
    const pattern = needles.map(escapePostgresRegExp).join('|');
    const rows = await database.query.selectFrom('action_log_entries').select('session_id').distinct().where(sql<SqlBool>`payload ~* ${pattern}`).execute();
    return rows.map((row) => row.session_id);
  }
  const holds = new RegExp(needles.map(escapeRegExp).join('|'), 'i');
  const found = new Set<string>();
  for (let after = 0; ; ) {
    const rows = await database.query
      .selectFrom('action_log_entries')
      .select([sql<number>`rowid`.as('row'), 'session_id', 'payload'])
      .where(sql<number>`rowid`, '>', after)
      .orderBy(sql`rowid`)
      .limit(SCAN_ROWS)
      .execute();
    for (const row of rows) if (row.payload !== null && !found.has(row.session_id) && holds.test(row.payload)) found.add(row.session_id);
    if (rows.length < SCAN_ROWS) return [...found];
    after = rows[rows.length - 1]!.row;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * An erased account's names, addresses and words leave every stored log, whoever's it is (a
 * producer's page that showed the buyer, an admin's list, a buyer who browsed the producer's
 * beats, a log recorded before redaction knew a field): each is replaced by `[REDACTED]`, as the
 * redaction writes it. A scan of the table, which an erasure can afford; each log is rewritten in
 * a transaction of its own, so batches being stored wait for one log at most.
 */
export async function scrubPersonalValues(database: Database, values: ErasedValues): Promise<{ sessions: number; entries: number }> {
  const matcher = matcherOf(values);
  if (!matcher) return { sessions: 0, entries: 0 };
  let sessions = 0;
  let entries = 0;
  for (const sessionId of await logsHolding(database, matcher.needles)) {
    const changed = await scrubSession(database, sessionId, matcher);
    if (changed === 0) continue;
    sessions++;
    entries += changed;
  }
  return { sessions, entries };
}
