import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { logLines } from '../../helpers/logLines';

const ROOT = path.resolve(__dirname, '../../..');
/** The message of the server's listening line (server/start.ts), as the `msg` of a JSON log line. */
const LISTENING = /^Beatcrate is listening on (http:\/\/\S+) \(database: (\w+)\)/;
/**
 * A start-up says what it is doing (the client build, migrations, the demo seed's phases), so a
 * server is given up on only when it has printed nothing for this long: a busy machine slows a
 * demo month down without stalling it, and a hung start still fails within minutes.
 */
export const SERVER_QUIET_TIMEOUT_MS = 120_000;
/** However much it prints, a start takes no longer than this (a fresh clone's demo month on a busy 2-core machine: about 5 minutes). */
export const SERVER_START_CEILING_MS = 600_000;
/**
 * A stop that takes longer ends with SIGKILL: a job running at the signal (a master render, say)
 * finishes first, which a busy machine slows. Whether the server stops cleanly is tested once, in
 * server/start.int.test.ts, not in every suite's teardown.
 */
const SERVER_STOP_TIMEOUT_MS = 60_000;
/**
 * The demo previews are the same for every server: synthesized once, then reused by every run of
 * this checkout. Under the checkout (gitignored `data/`), so two clones testing at once on one
 * machine never write into each other's media.
 */
export const SHARED_MEDIA_DIR = path.join(ROOT, 'data', 'test-media');

/** A running server as a test sees it, whether its own or the one the Chromium suites share. */
export interface ServerHandle {
  baseUrl: string;
  /** The server's own database, for what a person would read with `npm run outbox`. */
  databaseUrl: string;
  /** Everything the server printed so far, stdout and stderr interleaved. */
  output(): string;
}

export type ServerExit = { code: number | null; signal: NodeJS.Signals | null };

export interface RunningServer extends ServerHandle {
  /** The server's process id, for what a benchmark reads of it (its memory). */
  pid: number;
  /** Resolves when the process ends, however it ends (a test's crash point kills it). */
  exited: Promise<ServerExit>;
  /** Sends `signal` to the server itself (node runs it, no launcher in between). */
  kill(signal: NodeJS.Signals): void;
  /** SIGTERM, then waits for the exit (SIGKILL after a minute), and removes the server's own folder. */
  stop(): Promise<ServerExit>;
}

/**
 * The real server as `npm start` runs it, on a free port with its own SQLite file, without the
 * demo month of activity; `env` adds settings (e.g. CLOCK_START_AT for a dated test,
 * DEMO_ACTIVITY=on); `logFile` also receives everything it prints, for readers in other
 * processes; `dataDir`, a folder of the test's own, holds the database and outlives the server,
 * so a server started again on it (say, a day later by CLOCK_START_AT) finds what the first one
 * recorded; `databaseUrl` (a test database, SQLite or PostgreSQL) replaces that file.
 * Runs `node --import tsx` rather than `npx tsx` so that our SIGTERM reaches the server itself,
 * not a wrapper process.
 */
export async function startServer(options: { env?: NodeJS.ProcessEnv; logFile?: string; dataDir?: string; databaseUrl?: string } = {}): Promise<RunningServer> {
  // A folder of this start's own only when neither the test's folder nor its database is given.
  const ownDir = options.dataDir || options.databaseUrl ? null : await fs.promises.mkdtemp(path.join(os.tmpdir(), 'beatcrate-e2e-server-'));
  const databaseUrl = options.databaseUrl ?? `sqlite:${path.join(options.dataDir ?? ownDir!, 'db.sqlite')}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: ROOT,
    // The demo month's orders and plays stay out of the suites' counts unless a suite asks for them (DEMO_ACTIVITY=on).
    env: { ...process.env, DEMO_ACTIVITY: 'off', ...options.env, PORT: '0', DATABASE_URL: databaseUrl, MEDIA_DIR: SHARED_MEDIA_DIR },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const record = (chunk: string) => {
    log += chunk;
    if (options.logFile) fs.appendFileSync(options.logFile, chunk);
  };
  child.stdout!.setEncoding('utf8').on('data', record);
  child.stderr!.setEncoding('utf8').on('data', record);
  const exited = new Promise<ServerExit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const cleanUp = () => (ownDir ? fs.promises.rm(ownDir, { recursive: true, force: true }) : Promise.resolve());

  let baseUrl: string;
  try {
    baseUrl = await waitForListening(child, () => log, exited);
  } catch (error) {
    await kill(child, exited);
    await cleanUp();
    throw error;
  }

  let stopped: Promise<ServerExit> | undefined;
  return {
    baseUrl,
    pid: child.pid!,
    exited,
    kill: (signal) => child.kill(signal),
    databaseUrl,
    output: () => log,
    stop() {
      stopped ??= kill(child, exited).finally(cleanUp);
      return stopped;
    },
  };
}

function waitForListening(
  child: ChildProcess,
  output: () => string,
  exited: Promise<ServerExit>,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const giveUp = (why: string) => {
      finish();
      reject(new Error(`The server did not report listening: ${why}. It printed:\n${indent(output())}`));
    };
    const ceiling = setTimeout(() => giveUp(`still starting after ${SERVER_START_CEILING_MS / 1000} s`), SERVER_START_CEILING_MS);
    let quiet = setTimeout(() => giveUp(`nothing printed for ${SERVER_QUIET_TIMEOUT_MS / 1000} s`), SERVER_QUIET_TIMEOUT_MS);
    const onData = () => {
      const match = logLines(output())
        .map((line) => LISTENING.exec(line.msg))
        .find((found) => found !== null);
      if (match) {
        finish();
        resolve(match[1]!);
        return;
      }
      clearTimeout(quiet);
      quiet = setTimeout(() => giveUp(`nothing printed for ${SERVER_QUIET_TIMEOUT_MS / 1000} s`), SERVER_QUIET_TIMEOUT_MS);
    };
    const finish = () => {
      clearTimeout(ceiling);
      clearTimeout(quiet);
      child.stdout!.off('data', onData);
      child.stderr!.off('data', onData);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(({ code, signal }) => {
      finish();
      reject(new Error(`The server exited before listening (exit code ${code}, signal ${signal}). It printed:\n${indent(output())}`));
    });
  });
}

async function kill(
  child: ChildProcess,
  exited: Promise<ServerExit>,
): Promise<ServerExit> {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  let deadline: NodeJS.Timeout | undefined;
  const forced = new Promise<void>((resolve) => {
    deadline = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, SERVER_STOP_TIMEOUT_MS);
  });
  await Promise.race([exited, forced]);
  clearTimeout(deadline);
  return exited;
}

const indent = (text: string) =>
  text
    .trimEnd()
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');

/** The server's last lines: the ones a failure's cause is in, where the head is the start-up. */
const SERVER_LINES_IN_A_FAILURE = 80;

/**
 * Wraps a test body so that a failure carries what the server printed last, since a browser-side
 * symptom (a 500, a blank page) usually has its cause in the server's log, and what the test's
 * pages showed (`witnessed`).
 */
export function withServerOutput(server: () => ServerHandle | undefined, body: () => Promise<void>, witnessed: () => string = () => ''): () => Promise<void> {
  return async () => {
    try {
      await body();
      witnessed();
    } catch (error) {
      if (!(error instanceof Error)) throw error;
      const seen = witnessed();
      if (seen) error.message += `\n\nWhat the pages showed when the test closed them:\n${indent(seen)}`;
      const lines = server()?.output().trimEnd().split('\n');
      if (lines) {
        const shown = lines.slice(-SERVER_LINES_IN_A_FAILURE);
        error.message += `\n\nServer output (${shown.length < lines.length ? `the last ${shown.length} of ${lines.length} lines` : 'all of it'}):\n${indent(shown.join('\n'))}`;
      }
      throw error;
    }
  };
}
