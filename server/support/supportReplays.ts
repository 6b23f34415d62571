import os from 'node:os';
import path from 'node:path';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { array, create, integer, literal, nullable, object, string, union, unknown } from 'superstruct';
import type { SupportEvent, SupportStepView, TimelineStep } from '../../shared/schemas/support';
import type { RootState } from '../../shared/store/rootReducer';
import type { StoredEntry } from '../actionLog/actionLogStore';
import type { SupportReplayConfig } from '../config';
import { HttpError } from '../http/endpoint';
import type { ReplayMessage } from './replayThread';
import type { Timeline } from './sessionTimeline';

/**
 * The support console's replays, on a piscina pool of their own (the action log's ingest runs on
 * another: one mechanism for the server's CPU-heavy work). A replay costs what the log's writer
 * made it cost, so it runs off the event loop that answers buyers, under a budget: the replay
 * stops itself when its time or most of its heap is spent; the thread's heap is capped
 * (`resourceLimits`), and a task still running past its seconds (one step the replay cannot
 * interrupt) is ended with its thread. A stopped timeline is shown up to its last step.
 */
export interface SupportReplays {
  /** Characters of payload a replay reads of a log at most (an eighth of the thread's heap): read with `readActionLogRows`. */
  readonly maxLogChars: number;
  /** The timeline of `rows`, the log read from its start; `cut`: the log goes on past them. */
  timeline(rows: StoredEntry[], cut: boolean): Promise<Timeline>;
  /** Both sides at step `seq`, the last of `rows`. */
  step(rows: StoredEntry[], seq: number, events: SupportEvent[]): Promise<SupportStepView>;
  /** The tab's state right after step `seq`, the last of `rows`, to draw the page from. */
  state(rows: StoredEntry[], seq: number): Promise<RootState>;
  close(): Promise<void>;
}

const THREAD_FILE = path.join(__dirname, 'replayThread.ts');
/** Replays waiting for a thread at most; past it the console is told to try again (503). */
const MAX_QUEUED = 16;
/** A thread stays loaded this long after its last replay: loading the reducers takes a second or two. */
const IDLE_MS = 60_000;
/** After its seconds, the time a replay gets to stop by itself before its thread is ended. */
const GRACE_MS = 2_000;
/** Staff wait for replays, buyers do not: the threads take the CPU the event loop leaves (nice(2)). */
const REPLAY_NICENESS = 10;
/**
 * JSON characters of a replayed state the server draws a page from. The page is rendered on the
 * event loop, as every page is (the client's page chunks load by dynamic import, which a worker
 * thread under tsx cannot), so its cost is bounded here: a shop page's state is tens of kilobytes,
 * and 256 KB of beat cards took 0.3 s to draw on a busy 2-core machine.
 */
export const MAX_FRAME_STATE_CHARS = 256 * 1024;

const StoppedSchema = nullable(object({ after: nullable(integer()), reason: string() }));
const TimelineAnswerSchema = object({
  kind: literal('timeline'),
  divergedAt: nullable(integer()),
  missing: array(object({ from: integer(), to: integer() })),
  viewport: object({ width: integer(), height: integer() }),
  stopped: StoppedSchema,
});
const Refused = object({ kind: literal('refused'), statusCode: integer(), message: string() });
const ViewAnswer = union([object({ kind: literal('view'), view: unknown() }), Refused]);
const StateAnswer = union([object({ kind: literal('state'), state: unknown() }), Refused]);
const Message = union([
  object({ kind: literal('started') }),
  object({ kind: literal('steps'), steps: array(unknown()) }),
  object({ kind: literal('done'), answer: unknown() }),
]);

/** Why a task ended before answering, in the words a stopped replay gives. */
type Overrun = { overrun: string };

const megabytes = (chars: number) => `${Math.round(chars / 1024 / 1024)} MB`;

export function openSupportReplays(limits: SupportReplayConfig): SupportReplays {
  const threads = Math.max(1, Math.min(2, os.availableParallelism() - 1));
  const pool = new Piscina({
    filename: THREAD_FILE,
    name: 'timeline',
    // Node 20 does not pass the main thread's TypeScript loader to worker threads.
    execArgv: ['--require', 'tsx/cjs'],
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: IDLE_MS,
    maxQueue: MAX_QUEUED,
    resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb },
    niceIncrement: REPLAY_NICENESS,
  });
  const maxLogChars = (limits.memoryMb * 1024 * 1024) / 8;

  /**
   * Runs a task with a port of its own; its answer (the last message on the port, after every
   * step it sent), or why it was ended.
   */
  function run(name: string, task: Record<string, unknown>, onSteps: (steps: TimelineStep[]) => void = () => undefined): Promise<unknown> {
    const channel = new MessageChannel();
    const controller = new AbortController();
    let deadline: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(deadline);
      channel.port1.close();
    };
    return new Promise((resolve, reject) => {
      channel.port1.on('message', (message: unknown) => {
        const said = create(message, Message) as ReplayMessage;
        if (said.kind === 'started') deadline = setTimeout(() => controller.abort(), limits.seconds * 1000 + GRACE_MS);
        // The steps are this server's own thread's, made by sessionTimeline: checking each one's shape would cost the event loop what the thread saved it.
        else if (said.kind === 'steps') onSteps(said.steps);
        else {
          finish();
          resolve(said.answer);
        }
      });
      pool.run({ ...task, limits, port: channel.port2 }, { name, signal: controller.signal, transferList: [channel.port2 as MessagePort] }).catch((error: unknown) => {
        finish();
        if (error instanceof Error && /queue is at limit/i.test(error.message)) reject(new HttpError(503, 'The support console is replaying other sessions; try again in a minute'));
        else if (controller.signal.aborted) resolve({ overrun: `one of its steps ran past the budget of ${limits.seconds} s` } satisfies Overrun);
        else if ((error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY') resolve({ overrun: `it ran out of its memory budget of ${limits.memoryMb} MB` } satisfies Overrun);
        else reject(error);
      });
    });
  }

  const isOverrun = (answer: unknown): answer is Overrun => typeof answer === 'object' && answer !== null && 'overrun' in answer;
  const refusal = (answer: { statusCode: number; message: string }) => new HttpError(answer.statusCode, answer.message);

  return {
    maxLogChars,
    async timeline(rows, cut) {
      const steps: TimelineStep[] = [];
      const answer = await run('timeline', { rows }, (more) => steps.push(...more));
      if (isOverrun(answer)) {
        return { steps, divergedAt: null, missing: [], viewport: { width: 1280, height: 800 }, stopped: { after: steps.at(-1)?.seq ?? null, reason: answer.overrun } };
      }
      const { kind: _kind, ...timeline } = create(answer, TimelineAnswerSchema);
      const stopped = timeline.stopped ?? (cut ? { after: rows.at(-1)?.seq ?? null, reason: `the log is longer than the ${megabytes(maxLogChars)} of it a replay reads` } : null);
      return { ...timeline, steps, stopped };
    },
    async step(rows, seq, events) {
      const answer = await run('step', { rows, seq, events });
      if (isOverrun(answer)) throw new HttpError(422, `Step ${seq} could not be replayed: ${answer.overrun}`);
      const decided = create(answer, ViewAnswer);
      if (decided.kind === 'refused') throw refusal(decided);
      return decided.view as SupportStepView;
    },
    async state(rows, seq) {
      const answer = await run('frameState', { rows, seq, maxStateChars: MAX_FRAME_STATE_CHARS });
      if (isOverrun(answer)) throw new HttpError(422, `Step ${seq} could not be replayed: ${answer.overrun}`);
      const decided = create(answer, StateAnswer);
      if (decided.kind === 'refused') throw refusal(decided);
      return decided.state as RootState;
    },
    close: () => pool.destroy(),
  };
}
