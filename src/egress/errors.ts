// The two errors of egress: a policy that makes no sense (configuration), and a connection refused by policy.
import type { AddressClass } from './address.js';
import type { UrlBlockReason } from './reasons.js';

/**
 * Thrown by `defineEgressPolicy` when a policy is malformed or contradicts itself. A configuration mistake,
 * raised when the policy is defined; the message names the field and may quote the configured value.
 */
export class EgressPolicyError extends TypeError {
  override readonly name = 'EgressPolicyError';
  /** A stable code. */
  readonly code = 'egress.invalid_policy';

  constructor(
    /** The policy field at fault, such as `hosts` or `query.maxBytes`. */
    readonly field: string,
    message: string,
  ) {
    super(`Invalid egress policy field "${field}": ${message}`);
  }
}

/** Why an outbound request was refused: a URL or address reason, or too many redirects. */
export type EgressErrorCode = UrlBlockReason | 'redirect_limit';

/** Where an outbound request was refused, and what was found. */
export interface EgressBlockedContext {
  /** Checking the URL, resolving and connecting, or following a redirect. */
  readonly phase: 'url' | 'connect' | 'redirect';
  /** The redirect hop (0 for the first request). */
  readonly hop?: number;
  /** The class of the refused address, when an address was refused. */
  readonly addressClass?: AddressClass;
}

/**
 * An outbound request refused by the egress policy, before or while connecting, or on a redirect hop. The
 * message holds the stable code, the phase and the hop; nothing from the URL, the host or the peer.
 */
export class EgressBlockedError extends Error {
  override readonly name = 'EgressBlockedError';
  /** Where it was refused. */
  readonly phase: EgressBlockedContext['phase'];
  /** The redirect hop (0 for the first request). */
  readonly hop: number;
  /** The class of the refused address, when an address was refused. */
  readonly addressClass: AddressClass | undefined;

  constructor(
    /** The stable reason. */
    readonly code: EgressErrorCode,
    context: EgressBlockedContext,
  ) {
    const hop = context.hop ?? 0;
    super(`Egress blocked (${code}) at ${context.phase}${hop > 0 ? ` on redirect hop ${hop}` : ''}`);
    this.phase = context.phase;
    this.hop = hop;
    this.addressClass = context.addressClass;
  }
}
