import { immutableAnswer } from '../../shared/api/immutableAnswers';
import type { Database } from '../db/database';
import type { Endpoint } from './endpoint';

/** What the answers kept by one process may weigh in all: a catalogue page of 24 is about 17 KB. */
const MAX_BYTES = 16 * 1024 * 1024;

interface KeptAnswer {
  mark: number;
  json: string;
  /** The answer parsed once and frozen, for the in-process API: every render shares it. */
  value?: unknown;
}

/**
 * Serialised answers of `sharedAnswer` endpoints by URL, each with the database's change mark read
 * before it was computed: an answer is served again only while the mark is unchanged, so no write
 * (a listing, a sale, a producer renamed, an erasure) is ever answered around. The catalogue is
 * read far more often than it changes, and a page's queries, row mapping and serialisation cost
 * five times what the request around them does (bench: GET /tracks against GET /health).
 */
export class SharedAnswers {
  /** Least recently used first. */
  private readonly answers = new Map<string, KeptAnswer>();
  private bytes = 0;

  constructor(private readonly maxBytes = MAX_BYTES) {}

  get(url: string, mark: number): string | undefined {
    return this.kept(url, mark)?.json;
  }

  /** The kept answer as a value, parsed once and frozen (shared/api/immutableAnswers.ts). */
  value(url: string, mark: number): unknown {
    const kept = this.kept(url, mark);
    if (!kept) return undefined;
    kept.value ??= immutableAnswer(JSON.parse(kept.json));
    return kept.value;
  }

  private kept(url: string, mark: number): KeptAnswer | undefined {
    const kept = this.answers.get(url);
    if (!kept) return undefined;
    this.answers.delete(url);
    if (kept.mark !== mark) {
      this.bytes -= kept.json.length;
      return undefined;
    }
    this.answers.set(url, kept);
    return kept;
  }

  keep(url: string, mark: number, json: string): void {
    if (json.length > this.maxBytes) return;
    const old = this.answers.get(url);
    if (old) {
      this.answers.delete(url);
      this.bytes -= old.json.length;
    }
    for (const [oldest, answer] of this.answers) {
      if (this.bytes + json.length <= this.maxBytes) break;
      this.answers.delete(oldest);
      this.bytes -= answer.json.length;
    }
    this.answers.set(url, { mark, json });
    this.bytes += json.length;
  }
}

const byDatabase = new WeakMap<Database, SharedAnswers>();

/**
 * The answers kept for one database, which the HTTP API and the in-process API of server renders
 * share: a kept answer is only as current as that database's change mark.
 */
export function sharedAnswersOf(database: Database): SharedAnswers {
  let answers = byDatabase.get(database);
  if (!answers) {
    answers = new SharedAnswers();
    byDatabase.set(database, answers);
  }
  return answers;
}

/**
 * The change mark to keep an endpoint's answer under, or null when it is not kept (an endpoint
 * without `sharedAnswer`, or PostgreSQL). Read before the answer is computed: a write meanwhile
 * leaves the answer kept under an old mark, so it is never served.
 */
export function sharingMark(database: Database, endpoint: Endpoint): number | null {
  const shared = endpoint.sharedAnswer === true && endpoint.method === 'GET' && endpoint.access === 'anyone';
  return shared ? database.changeMark() : null;
}
