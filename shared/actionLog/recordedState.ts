import { array, boolean, nullable, number, optional, string, type, validate } from 'superstruct';
import { rootReducer, type RootState } from '../store/rootReducer';
import { omittedChars, STATE_VERSION } from './entry';

type PlainState = Record<string, unknown>;

/** From each older version's state to the next one's (STATE_VERSION says when to add one). */
const UPCASTS: Readonly<Record<number, (state: PlainState) => PlainState>> = {};

/**
 * What the support console and the replay's invariants read of a replayed state, as a schema: a
 * recorded state is decoded with it before replay starts from it, and a replayed one before a step
 * is shown, so that a log nobody's browser wrote is said to be so instead of failing where it is read.
 */
export const RecordedStateSchema = type({
  navigation: type({ pathname: string(), search: string() }),
  auth: type({ user: nullable(type({ id: number() })) }),
  cart: type({
    items: array(type({ id: number(), active: boolean(), isRemovedFromCart: boolean(), isLoading: optional(boolean()), product: type({ id: number(), isSold: boolean() }) })),
    loaded: boolean(),
    isLoading: boolean(),
    pendingProductIds: array(number()),
    total: number(),
    subTotal: number(),
    subTotalWithoutCoupon: number(),
    discount: number(),
    serviceFeeFixed: number(),
    serviceFeePercentage: number(),
  }),
  checkout: type({ status: string(), order: nullable(type({ id: string(), status: string(), total: number() })) }),
  player: type({ currentTrackId: nullable(number()), queue: array(type({ id: number() })) }),
});

const isPlain = (value: unknown): value is PlainState => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The slices the schema reads, which every version of the state has had. */
const CORE_SLICES = new Set(Object.keys(RecordedStateSchema.schema));
let laterSlices: PlainState | null = null;
/** This build's other slices before any action: a state recorded before one of them existed starts it there. */
function sliceDefaults(): PlainState {
  laterSlices ??= Object.fromEntries(Object.entries(rootReducer(undefined, { type: '@@beatcrate/recordedState' })).filter(([slice]) => !CORE_SLICES.has(slice)));
  return laterSlices;
}

/** Why a state cannot be replayed from or shown, in words; null when it fits this build's state. */
export function stateProblem(state: unknown): string | null {
  if (!isPlain(state)) return 'the state is not an object';
  for (const [slice, value] of Object.entries(state)) if (!isPlain(value)) return `its ${slice} is not an object`;
  const [error] = validate(state, RecordedStateSchema);
  if (!error) return null;
  const failure = error.failures()[0] ?? error;
  return `${failure.path.join('.') || 'the state'}: ${failure.message}`;
}

/** A page load's state as this build replays it, or why it cannot be. */
export type DecodedPageLoad = { state: RootState; problem: null } | { state: null; problem: string };

const refused = (problem: string): DecodedPageLoad => ({ state: null, problem });

/**
 * Decodes the state a page load recorded: its version brought up to this build's (a slice this
 * build has and the recording had not starts as this build starts it), then checked against the
 * state's schema. A log anyone can write gets here, so nothing in it is taken on trust.
 */
export function decodePageLoad(payload: unknown): DecodedPageLoad {
  const omitted = omittedChars(payload);
  if (omitted !== null) return refused(`This page load's state (${Math.ceil(omitted / 1024)} KB) was over the log's limit and was not recorded`);
  if (!isPlain(payload) || !isPlain(payload.state)) return refused('This page load carries no state to replay from');
  const version = payload.stateVersion ?? 1;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) return refused('This page load carries no state version this build can read');
  if (version > STATE_VERSION) return refused(`Recorded by a newer build (state version ${version}; this build reads up to ${STATE_VERSION})`);
  let state: PlainState = payload.state;
  for (let from = version; from < STATE_VERSION; from++) {
    const upcast = UPCASTS[from];
    if (!upcast) return refused(`Recorded by an older build (state version ${version}), which this build cannot read`);
    state = upcast(state);
  }
  const whole = { ...sliceDefaults(), ...state };
  const problem = stateProblem(whole);
  if (problem !== null) return refused(`This page load's state does not fit this build's (${problem}): recorded by an older build, or not by the storefront`);
  return { state: whole as RootState, problem: null };
}
