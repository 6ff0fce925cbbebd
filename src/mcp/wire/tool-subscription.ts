// The adapter's own subscription to tool-list changes (2026-07-28 on): opened, acknowledged, reopened, cancelled.
import { META, type Era } from './era.js';
import type { JsonRpcMessage, WireId } from './json-rpc.js';
import { cancelledNotice } from './requests.js';
import { AIRLOCK_ID_PREFIX, type Link } from './types.js';

/** What the subscription needs of its channel. */
export interface SubscriptionDeps {
  readonly link: Link;
  readonly era: Era;
  nextId(): string;
  /** True while someone listens for tool-list changes. */
  wanted(): boolean;
  /** Tells the listeners the tool list may have changed. */
  announce(): void;
  /** Reports that the subscription was given up (the connection itself goes on). */
  failed(error: Error): void;
}

/** The adapter's subscription over one connection. */
export interface ToolSubscription {
  /** Opens it while it is wanted on a 2026-07-28 connection, cancels it when it no longer is. */
  update(): void;
  /** True for the id of the subscription's open `subscriptions/listen` request. */
  owns(id: WireId): boolean;
  /** The listen request was answered (an error: refused, never reopened) or its stream ended. */
  ended(refused: boolean): void;
  /** Takes a notification addressed to one of the adapter's subscriptions; true when it did (not for the SDK). */
  claim(message: JsonRpcMessage): boolean;
  /** True while the server has acknowledged it. */
  live(): boolean;
  /** Stops for good (the connection closed). */
  close(): void;
}

const LIST_CHANGED = 'notifications/tools/list_changed';
const ACKNOWLEDGED = 'notifications/subscriptions/acknowledged';
/** How long a server has to acknowledge a subscription. */
const ACK_TIMEOUT_MS = 30_000;
/** The pause before a subscription that ended is opened again. */
const RETRY_MS = 1000;
/** Consecutive openings without an acknowledgement after which the subscription is given up. */
const MAX_FAILURES = 5;

/**
 * From protocol revision 2026-07-28 on, a server sends `notifications/tools/list_changed` only on a
 * `subscriptions/listen` stream, and the SDK opens one only when its application asks. So the transport
 * keeps a subscription of its own while the adapter listens: its notifications go to the adapter, never to
 * the SDK. One that ends is opened again after a pause, and once acknowledged anew it announces a change
 * (the listing is reviewed again, as changes in between were not seen); an unacknowledged one is retried a
 * few times; one the server refuses is given up, reported through `failed`.
 */
export function createToolSubscription(deps: SubscriptionDeps): ToolSubscription {
  return new Subscription(deps);
}

/** One listen request of the subscription. */
interface Listen {
  readonly id: string;
  readonly exchange: AbortController;
  acked: boolean;
}

class Subscription implements ToolSubscription {
  private current: Listen | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  /** An acknowledged subscription ended: changes until the next acknowledgement went unseen. */
  private lapsed = false;
  private stopped = false;

  constructor(private readonly deps: SubscriptionDeps) {}

  update(): void {
    if (!this.desired()) {
      this.drop(true);
      this.lapsed = false;
    } else if (this.current === undefined && this.timer === undefined) this.open();
  }

  owns(id: WireId): boolean {
    return this.current !== undefined && this.current.id === id;
  }

  ended(refused: boolean): void {
    if (this.current === undefined) return;
    this.lapsed ||= this.current.acked;
    this.drop(false);
    if (refused) this.giveUp();
    else this.retry();
  }

  claim(message: JsonRpcMessage): boolean {
    const params = message.params as { _meta?: Record<string, unknown>; requestId?: unknown } | undefined;
    if (message.method === 'notifications/cancelled' && this.owns(params?.requestId as WireId)) {
      this.ended(false);
      return true;
    }
    const id = params?._meta?.[META.subscriptionId];
    if (typeof id !== 'string' || !id.startsWith(AIRLOCK_ID_PREFIX)) return false;
    if (this.owns(id) && message.method === ACKNOWLEDGED) this.acknowledged();
    if (this.owns(id) && message.method === LIST_CHANGED) this.deps.announce();
    return true;
  }

  live(): boolean {
    return this.current?.acked === true;
  }

  close(): void {
    this.stopped = true;
    this.drop(false);
  }

  private desired(): boolean {
    return !this.stopped && this.deps.wanted() && this.deps.era.isModern();
  }

  private open(): void {
    const { link, era } = this.deps;
    const listen: Listen = { id: this.deps.nextId(), exchange: new AbortController(), acked: false };
    this.current = listen;
    this.arm(ACK_TIMEOUT_MS, () => {
      this.drop(true);
      this.retry();
    });
    const lost = (): void => {
      if (this.current === listen) this.ended(false);
    };
    const params = era.stamp({ notifications: { toolsListChanged: true } });
    const request = { jsonrpc: '2.0' as const, id: listen.id, method: 'subscriptions/listen', params };
    link.send(request, { requestSignal: listen.exchange.signal, onRequestStreamEnd: lost }).catch(lost);
  }

  private acknowledged(): void {
    this.disarm();
    if (this.current !== undefined) this.current.acked = true;
    this.failures = 0;
    if (!this.lapsed) return;
    this.lapsed = false;
    this.deps.announce();
  }

  /** Lets the current listen request go; `tell`: cancel it on the server too. */
  private drop(tell: boolean): void {
    this.disarm();
    const listen = this.current;
    if (listen === undefined) return;
    this.current = undefined;
    listen.exchange.abort();
    if (tell) this.deps.link.send(cancelledNotice(this.deps.era, listen.id)).catch(() => undefined);
  }

  private retry(): void {
    if (++this.failures > MAX_FAILURES) {
      this.giveUp();
      return;
    }
    this.arm(RETRY_MS, () => {
      if (this.desired() && this.current === undefined) this.open();
    });
  }

  private giveUp(): void {
    this.stopped = true;
    this.deps.failed(new Error('The tool-list subscription could not be kept open; list changes go unseen.'));
  }

  private arm(ms: number, then: () => void): void {
    this.disarm();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      then();
    }, ms);
  }

  private disarm(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
