import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';
import type { Logger } from '../logging/logger';

/** How often the thread folds the WAL back into the database file. */
const CHECKPOINT_EVERY_MS = 250;
/** SQLite's own default, for the writer to checkpoint itself again should the thread stop. */
const AUTOCHECKPOINT_PAGES = 1000;

/**
 * The checkpoint thread's code, plain JavaScript so that it starts in milliseconds (no loader): its
 * own connection runs PASSIVE checkpoints, which never block the writer or the readers.
 */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const connection = new Database(workerData.file);
connection.pragma('busy_timeout = 5000');
const timer = setInterval(() => connection.pragma('wal_checkpoint(PASSIVE)'), workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  connection.close();
  parentPort.close();
});
`;

/**
 * Moves WAL checkpoints off the event loop. By default the connection whose commit pushes the WAL
 * past 1000 pages copies it into the database file and syncs that, synchronously: a checkout's
 * commit then waited tens of milliseconds for pages the action log wrote (server/actionLog/README.md
 * "Where the action log lives"). Here the writer never checkpoints, and a thread does it every 250 ms on a
 * connection of its own. Should the thread fail, the writer checkpoints itself again.
 */
export function startWalCheckpointer(file: string, writer: BetterSqlite3.Database, log: Logger): { stop(): Promise<void> } {
  writer.pragma('wal_autocheckpoint = 0');
  const worker = new Worker(THREAD, { eval: true, workerData: { file, everyMs: CHECKPOINT_EVERY_MS, driver: require.resolve('better-sqlite3') } });
  let stopping = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.once('error', (error) => {
    log.error({ reason: error.message }, 'The WAL checkpoint thread failed; the writer checkpoints itself from now on');
    if (writer.open) writer.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  });
  void exited.then(() => {
    if (!stopping && writer.open) writer.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  });
  return {
    async stop() {
      stopping = true;
      worker.postMessage('stop');
      await exited;
    },
  };
}
