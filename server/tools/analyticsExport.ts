import fs from 'node:fs';
import path from 'node:path';
import { ANALYTICS_EVENT_NAMES, type AnalyticsEventName, type AnalyticsLine, AnalyticsMessageSchema } from '../../shared/schemas/analytics';
import { csvLine } from '../csv';
import type { Database } from '../db/database';
import { openDatabase } from '../db/openDatabase';
import { decodeStored } from '../db/storedJson';
import { runAsScript, type Tool, UsageError } from './tool';

const USAGE = `Usage: npm run analytics:export -- --since <YYYY-MM-DD | ISO time> [--until <…>] [--types <Event,Event>] [--format jsonl|csv] [--out <dir>]`;
const PAGE = 5_000;
/** The CSV's columns: the message's fields, its properties as one JSON column (a warehouse's JSON type). */
const CSV_COLUMNS = ['cursor', 'messageId', 'event', 'timestamp', 'userId', 'anonymousId', 'source', 'properties'] as const;

export interface ExportRequest {
  since: Date;
  until: Date | null;
  types: AnalyticsEventName[] | null;
  format: 'jsonl' | 'csv';
  out: string;
}

function parseTime(text: string | undefined, flag: string): Date {
  const time = text !== undefined && /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/.test(text) ? new Date(text.length === 10 ? `${text}T00:00:00Z` : text) : null;
  if (!time || Number.isNaN(time.getTime())) throw new UsageError(`${flag} takes a day (2026-11-01) or a UTC time (2026-11-01T12:00:00Z); got "${text ?? ''}". ${USAGE}`);
  return time;
}

export function parseExportArguments(args: readonly string[]): ExportRequest {
  const flags = new Map<string, string>();
  for (let index = 0; index < args.length; index += 2) {
    const flag = args[index]!;
    if (!['--since', '--until', '--types', '--format', '--out'].includes(flag) || args[index + 1] === undefined || flags.has(flag)) throw new UsageError(USAGE);
    flags.set(flag, args[index + 1]!);
  }
  if (!flags.has('--since')) throw new UsageError(`--since is required. ${USAGE}`);
  const since = parseTime(flags.get('--since'), '--since');
  const until = flags.has('--until') ? parseTime(flags.get('--until'), '--until') : null;
  if (until && until <= since) throw new UsageError('--until must come after --since');
  const typesText = flags.get('--types');
  let types: AnalyticsEventName[] | null = null;
  if (typesText !== undefined) {
    const names = typesText.split(',').map((name) => name.trim());
    const unknown = names.find((name) => !(ANALYTICS_EVENT_NAMES as readonly string[]).includes(name));
    if (unknown !== undefined) throw new UsageError(`"${unknown}" is not an event of the stream: ${ANALYTICS_EVENT_NAMES.join(', ')}`);
    types = names as AnalyticsEventName[];
  }
  const format = flags.get('--format') ?? 'jsonl';
  if (format !== 'jsonl' && format !== 'csv') throw new UsageError(`--format is jsonl or csv; got "${format}"`);
  return { since, until, types, format, out: flags.get('--out') ?? '.' };
}

/**
 * Writes the events that happened from `since` (until `until`) to one file in `out`, in stream
 * order, a page of rows at a time (the file is streamed, never held whole): JSON Lines as the API
 * gives them, or CSV with the properties as a JSON column, for a warehouse's load job.
 */
export async function exportAnalytics(database: Database, request: ExportRequest): Promise<{ file: string; events: number }> {
  const stamp = (time: Date | null) => (time ? time.toISOString().replace(/[:.]/g, '-') : 'now');
  fs.mkdirSync(request.out, { recursive: true });
  const file = path.join(request.out, `beatcrate-analytics-${stamp(request.since)}-to-${stamp(request.until)}.${request.format}`);
  const output = fs.createWriteStream(file);
  const write = (text: string) => new Promise<void>((resolve, reject) => (output.write(text, (error) => (error ? reject(error) : resolve()))));
  if (request.format === 'csv') await write(csvLine(CSV_COLUMNS));
  let after = 0;
  let events = 0;
  for (;;) {
    let select = database.query
      .selectFrom('analytics_events')
      .select(['position', 'message'])
      .where('position', '>', after)
      .where('occurred_at', '>=', request.since.getTime());
    if (request.until) select = select.where('occurred_at', '<', request.until.getTime());
    if (request.types) select = select.where('event', 'in', request.types);
    const rows = await select.orderBy('position').limit(PAGE).execute();
    if (rows.length === 0) break;
    const lines: AnalyticsLine[] = rows.map((row) => ({ ...decodeStored(row.message, AnalyticsMessageSchema, 'analytics event'), cursor: String(row.position) }));
    await write(
      lines
        .map((line) =>
          request.format === 'jsonl'
            ? `${JSON.stringify(line)}\n`
            : csvLine([line.cursor, line.messageId, line.event, line.timestamp, line.userId, line.anonymousId, line.context.source, JSON.stringify(line.properties)]),
        )
        .join(''),
    );
    events += rows.length;
    after = Number(rows[rows.length - 1]!.position);
  }
  await new Promise<void>((resolve, reject) => output.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return { file, events };
}

export const analyticsExportTool: Tool = {
  name: 'analytics:export',
  async run(args, { databaseUrl, print }) {
    const request = parseExportArguments(args);
    const database = await openDatabase(databaseUrl);
    try {
      const { file, events } = await exportAnalytics(database, request);
      print(`${events} event(s) written to ${file}`);
    } finally {
      await database.close();
    }
  },
};

if (require.main === module) runAsScript(analyticsExportTool);
