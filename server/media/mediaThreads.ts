import os from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';

/**
 * Decoding, synthesis and MP3 encoding take seconds of CPU each, which must never stall the
 * server's event loop: they run on this pool of worker threads (piscina), one per core, their
 * tasks in mediaThread.ts. Idle threads end after a while and do not keep the process alive.
 *
 * A damaged upload may make a decoder misbehave: each thread's JavaScript heap is capped, so a
 * runaway file fails its own task (piscina replaces the thread) instead of the server. The cap
 * covers the heap only: typed arrays (all the PCM) live outside it, so none is sized by a
 * header's word before processing/audioLimits.ts has checked it.
 */
const HEAP_MB = 512;
const IDLE_MS = 30_000;

let pool: Piscina | null = null;

/** The pool, made at its first task: a server that renders and processes nothing starts no thread. */
function mediaPool(): Piscina {
  pool ??= new Piscina({
    filename: path.join(__dirname, 'mediaThread.ts'),
    // The task a thread loads at its start (piscina's default, `default`, is no export there); every run names its own.
    name: 'processMaster',
    // Node 20 does not pass the main thread's TypeScript loader to worker threads.
    execArgv: ['--require', 'tsx/cjs'],
    minThreads: 0,
    maxThreads: Math.max(1, os.availableParallelism()),
    idleTimeout: IDLE_MS,
    resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
  });
  return pool;
}

export type MediaTask = 'renderPreview' | 'renderMaster' | 'processMaster';

/** Runs the task `name` of mediaThread.ts on a media thread; its answer, still to be decoded by the caller. */
export function runMediaTask(name: MediaTask, task: Record<string, unknown>): Promise<unknown> {
  return mediaPool().run(task, { name });
}
