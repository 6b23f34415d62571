import { userEventCodec } from '../domain/user/userEventCodec';
import type { UserEvent } from '../domain/user/userEvents';
import type { Recorded } from '../eventStore/eventCodec';
import type { EventStore, RecordedEvent, Subscription } from '../eventStore/eventStore';
import { type Logger, reasonOf } from '../logging/logger';

/** One open account stream as the feed sees it. */
export interface AccountListener {
  /** The user's events in position order, each once; called synchronously by the feed. */
  receive(events: readonly Recorded<UserEvent>[]): void;
  /** The account opened more streams than it may hold on this server and this one is the oldest. */
  evict(): void;
}

export interface Membership {
  /** Every event of the user after this position reaches the listener; the ones up to it are in the store. */
  from: number;
  leave(): void;
}

/**
 * One event-store subscription per process feeding every open account stream, by user id: an
 * append costs one read however many streams are open, where a subscription per stream cost one
 * read per stream.
 */
export class AccountFeed {
  private readonly listeners = new Map<number, Set<AccountListener>>();
  private subscription: Subscription | null = null;
  /** The last position handed out; moved in the same synchronous step that hands events out. */
  private position = 0;

  constructor(
    private readonly eventStore: EventStore,
    private readonly streamsPerAccount: number,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    this.position = await this.eventStore.headPosition();
    this.subscription = this.eventStore.subscribe({ after: this.position, types: userEventCodec.types }, (events) => this.dispatch(events));
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
    this.subscription = null;
  }

  /** Joins the feed; beyond the account's cap, its oldest stream on this server is evicted. */
  join(userId: number, listener: AccountListener): Membership {
    const listeners = this.listeners.get(userId) ?? new Set<AccountListener>();
    this.listeners.set(userId, listeners);
    listeners.add(listener);
    // A Set iterates in insertion order: the first is the oldest.
    for (const oldest of listeners) {
      if (listeners.size <= this.streamsPerAccount) break;
      listeners.delete(oldest);
      oldest.evict();
    }
    return {
      from: this.position,
      leave: () => {
        listeners.delete(listener);
        if (listeners.size === 0 && this.listeners.get(userId) === listeners) this.listeners.delete(userId);
      },
    };
  }

  private dispatch(events: readonly RecordedEvent[]): void {
    const byUser = new Map<number, Recorded<UserEvent>[]>();
    for (const recorded of events) {
      const event = this.decode(recorded);
      if (!event || !this.listeners.has(event.data.userId)) continue;
      const mine = byUser.get(event.data.userId) ?? [];
      mine.push(event);
      byUser.set(event.data.userId, mine);
    }
    this.position = events[events.length - 1]?.position ?? this.position;
    for (const [userId, mine] of byUser) for (const listener of [...(this.listeners.get(userId) ?? [])]) listener.receive(mine);
  }

  /** A malformed event is logged and skipped here: stopping the feed would silence every account's stream. */
  private decode(recorded: RecordedEvent): Recorded<UserEvent> | null {
    try {
      return userEventCodec.decode(recorded);
    } catch (error) {
      this.log.error({ position: recorded.position, type: recorded.type, reason: reasonOf(error) }, 'Account feed skipped an event');
      return null;
    }
  }
}
