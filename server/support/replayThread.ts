import type { MessagePort } from 'node:worker_threads';
import type { ActionLogEntry } from '../../shared/actionLog/entry';
import type { ReplayedStep } from '../../shared/actionLog/replay';
import type { SupportEvent, SupportStepView, TimelineStep } from '../../shared/schemas/support';
import type { RootState } from '../../shared/store/rootReducer';
import type { SupportReplayConfig } from '../config';
import type { StoredEntry } from '../actionLog/actionLogStore';
import { replayBudget } from './replayBudget';
import { sessionTimeline, stateAtStep, type Timeline } from './sessionTimeline';
import { browserReads, stepView } from './stepView';

/**
 * The support console's replay thread: the tasks of the piscina pool of supportReplays.ts. Folding
 * a log through the reducers, diffing each step and hashing the state at each checkpoint cost what
 * the log's writer made them cost, so they run here, under the replay's budget of time and memory,
 * and never on the event loop that answers buyers. Each task speaks on its port: that it started
 * (the server's hard deadline counts from there), the timeline's steps as it makes them (so a
 * replay the server has to end still shows what it got to), and last its answer, plain data (a
 * refusal as `{kind: 'refused'}`).
 */

export interface ReplayTask {
  rows: StoredEntry[];
  limits: SupportReplayConfig;
  port: MessagePort;
}

/** What a task says on its port: that it started, the timeline's steps as they come, and last its answer. */
export type ReplayMessage = { kind: 'started' } | { kind: 'steps'; steps: TimelineStep[] } | { kind: 'done'; answer: unknown };

export type Refusal = { kind: 'refused'; statusCode: number; message: string };
type StepAnswer = { kind: 'view'; view: SupportStepView } | Refusal;
type StateAnswer = { kind: 'state'; state: RootState } | Refusal;

/** The timeline without its steps, which went out on the port before it. */
export type TimelineAnswer = Omit<Timeline, 'steps'> & { kind: 'timeline' };

/** Steps sent together on the port. */
const STEPS_PER_MESSAGE = 250;
/** Characters a timeline shows at most (labels, errors, state changes): a sixteenth of the thread's heap. */
const maxShownCharsOf = (limits: SupportReplayConfig) => (limits.memoryMb * 1024 * 1024) / 16;

const entriesOf = (rows: readonly StoredEntry[]): ActionLogEntry[] =>
  rows.map(({ seq, at, type, payload }) => (payload === null ? { seq, at, type } : { seq, at, type, payload: JSON.parse(payload) as unknown }));

/** Answers on the task's port, after everything the task sent there: a task returns nothing. */
function answer(task: ReplayTask, value: TimelineAnswer | StepAnswer | StateAnswer): null {
  task.port.postMessage({ kind: 'done', answer: value } satisfies ReplayMessage);
  return null;
}

export function timeline(task: ReplayTask): null {
  task.port.postMessage({ kind: 'started' } satisfies ReplayMessage);
  let pending: TimelineStep[] = [];
  const send = () => {
    if (pending.length > 0) task.port.postMessage({ kind: 'steps', steps: pending } satisfies ReplayMessage);
    pending = [];
  };
  const { steps, ...rest } = sessionTimeline(entriesOf(task.rows), {
    budget: replayBudget(task.limits),
    maxShownChars: maxShownCharsOf(task.limits),
    onStep(step) {
      pending.push(step);
      if (pending.length >= STEPS_PER_MESSAGE) send();
    },
  });
  send();
  return answer(task, { kind: 'timeline', ...rest });
}

/** The tab's state right after step `seq` (the last of `rows`), or why it cannot be had. */
function replayedState(task: ReplayTask & { seq: number }, onStep?: (step: ReplayedStep) => void): StateAnswer {
  task.port.postMessage({ kind: 'started' } satisfies ReplayMessage);
  const { state, stopped, problem } = stateAtStep(entriesOf(task.rows), task.seq, replayBudget(task.limits), onStep);
  if (stopped) return { kind: 'refused', statusCode: 422, message: `Step ${task.seq} could not be replayed: ${stopped.reason}` };
  if (problem !== null) return { kind: 'refused', statusCode: 422, message: `Step ${task.seq} cannot be shown. ${problem}` };
  if (!state) return { kind: 'refused', statusCode: 409, message: `Step ${task.seq} comes before the session's first page load, so there is no page to show` };
  return { kind: 'state', state };
}

/** Both sides of the cart and order at step `seq`. */
export function step(task: ReplayTask & { seq: number; events: SupportEvent[] }): null {
  const { reads, onStep } = browserReads();
  const replayed = replayedState(task, onStep);
  if (replayed.kind === 'refused') return answer(task, replayed);
  try {
    return answer(task, { kind: 'view', view: stepView(task.seq, task.rows.at(-1)!.at, replayed.state, task.events, reads) });
  } catch (error) {
    // The state passed its schema; what else in it the comparison reads came from whoever wrote the log.
    return answer(task, { kind: 'refused', statusCode: 422, message: `Both sides at step ${task.seq} could not be read from the replayed state (${error instanceof Error ? error.message : String(error)})` });
  }
}

/**
 * The state the replayed page is drawn from. The server renders it on its event loop, as it renders
 * every page, so a state larger than a page the shop draws is refused here.
 */
export function frameState(task: ReplayTask & { seq: number; maxStateChars: number }): null {
  const replayed = replayedState(task);
  if (replayed.kind === 'refused') return answer(task, replayed);
  const chars = JSON.stringify(replayed.state).length;
  if (chars <= task.maxStateChars) return answer(task, replayed);
  const kilobytes = (n: number) => `${Math.ceil(n / 1024)} KB`;
  return answer(task, { kind: 'refused', statusCode: 422, message: `The page at step ${task.seq} is not drawn: its state holds ${kilobytes(chars)}, more than the ${kilobytes(task.maxStateChars)} a replayed page may` });
}
