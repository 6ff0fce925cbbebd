// The declarative binding rules a contract can state, as data (usable from JSON contract files).
import type { JsonValue } from '../json/types.js';

/** The trusted facts about the request that caused a tool result. */
export interface RequestContext {
  /** The request id the adapter created (never one a remote system invented). */
  readonly requestId: string;
  /** The tenant the connection belongs to. */
  readonly tenant?: string;
  /** The item limit the request asked for. */
  readonly limit?: number;
  /** The cursor the request sent. */
  readonly cursor?: string;
  /** The time to judge freshness against (epoch milliseconds, an RFC 3339 string or a Date); default: now. */
  readonly now?: number | string | Date;
  /** Any other trusted fact a rule may name. */
  readonly facts?: Readonly<Record<string, JsonValue>>;
}

/**
 * One binding rule. `pointer` is a JSON pointer into the validated value where `*` matches every item or
 * member at that level; a rule on a wildcard pointer holds for every match (and for none). A plain pointer
 * that resolves to nothing fails the rule unless `optional` is set. `context` names a field of the
 * {@link RequestContext} (`requestId`, `tenant`, `limit`, `cursor`) or a fact (`facts.<name>`).
 */
export type BindRule =
  | {
      readonly rule: 'equals';
      readonly pointer: string;
      readonly context: string;
      readonly optional?: boolean;
    }
  | {
      readonly rule: 'equalsPointer';
      readonly pointer: string;
      readonly other: string;
      readonly optional?: boolean;
    }
  | {
      readonly rule: 'maxItems';
      readonly pointer: string;
      readonly context: string;
      readonly optional?: boolean;
    }
  | {
      readonly rule: 'fresh';
      readonly pointer: string;
      readonly maxAgeSeconds: number;
      readonly maxFutureSeconds?: number;
      readonly optional?: boolean;
    }
  | { readonly rule: 'empty'; readonly pointer: string }
  | {
      readonly rule: 'transition';
      readonly pointer: string;
      readonly context: string;
      readonly allowed: Readonly<Record<string, readonly string[]>>;
      readonly optional?: boolean;
    }
  | {
      readonly rule: 'custom';
      readonly name: string;
      readonly check: (value: JsonValue, context: RequestContext) => boolean;
    };

/** The rule names, for contract-file validation. */
export const BIND_RULE_NAMES = [
  'equals',
  'equalsPointer',
  'maxItems',
  'fresh',
  'empty',
  'transition',
  'custom',
] as const;
