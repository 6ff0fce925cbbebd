// The egress policy: one frozen, validated statement of where a URL may point and a connection may go.
import { ADDRESS_CLASSES, type AddressClass } from './address.js';
import { DEFAULT_BLOCKED_NAMES, METADATA_HOST_NAMES } from './blocked-names.js';
import { EgressPolicyError } from './errors.js';
import { canonicalHostPattern, isWithinDomain } from './host-name.js';

/** The schemes a policy can allow: the ones that name a remote host and port. */
export const EGRESS_SCHEMES = ['https', 'http', 'wss', 'ws'] as const;

/** A scheme a policy can allow. */
export type EgressScheme = (typeof EGRESS_SCHEMES)[number];

/** Each scheme's default port: the only port allowed when a policy lists none. */
export const DEFAULT_PORTS: Readonly<Record<EgressScheme, number>> = Object.freeze({
  https: 443,
  http: 80,
  wss: 443,
  ws: 80,
});

/**
 * How much a query string may carry (bounds what a URL can leak). A link or an image shown to a person under
 * `hosts: 'any'` may carry no query and no fragment whatever the budget (`checkUrl`'s `link` option).
 */
export interface QueryBudget {
  /** Most bytes after `?`, as serialized (percent-encoded). */
  readonly maxBytes: number;
  /** Most `&`-separated parameters. */
  readonly maxParams: number;
}

/** A validated, frozen egress policy. Made only by {@link defineEgressPolicy}. */
export interface EgressPolicy {
  /** Allowed schemes. Default `['https']`. */
  readonly schemes: readonly EgressScheme[];
  /** Allowed hosts: `'any'` (every host that passes the other rules) or exact names and `*.domain` patterns. */
  readonly hosts: 'any' | readonly string[];
  /** Allowed ports: `'default'` (each scheme's default port only) or an explicit list. */
  readonly ports: 'default' | readonly number[];
  /** User name or password in a URL. Default `'never'`. */
  readonly credentials: 'never' | 'allow';
  /** An IP address written as the host. Default `'block'`; when allowed, its address class still applies. */
  readonly ipLiterals: 'block' | 'allow';
  /** Address classes a literal or a resolved address may be in. Default `['public']`. */
  readonly addressClasses: readonly AddressClass[];
  /** Longest URL, before and after canonicalizing. Default 2048. */
  readonly maxLength: number;
  /** Query budget. Default 1024 bytes, 32 parameters. */
  readonly query: QueryBudget;
  /** Blocked domains (each with every name below it). Default {@link DEFAULT_BLOCKED_NAMES}. */
  readonly blockedNames: readonly string[];
  /** Mixed-script and look-alike IDN hosts: a reported finding, or blocked. Default `'report'`. */
  readonly confusableHosts: 'report' | 'block';
}

/** What {@link defineEgressPolicy} accepts: any subset of the fields, the query budget also in part. */
export type EgressPolicyOptions = {
  readonly [Field in Exclude<keyof EgressPolicy, 'query'>]?: EgressPolicy[Field];
} & { readonly query?: Partial<QueryBudget> };

const DEFAULTS: EgressPolicy = Object.freeze<EgressPolicy>({
  schemes: ['https'],
  hosts: 'any',
  ports: 'default',
  credentials: 'never',
  ipLiterals: 'block',
  addressClasses: ['public'],
  maxLength: 2048,
  query: { maxBytes: 1024, maxParams: 32 },
  blockedNames: DEFAULT_BLOCKED_NAMES,
  confusableHosts: 'report',
});

const MAX_URL_LENGTH = 65_536;
const defined = new WeakSet<EgressPolicy>();

/**
 * Builds a policy from the safe defaults and the given fields, checking it now: an unknown field, a host
 * pattern with a scheme, path or port, a port out of range, an unknown address class, or an allowed host that
 * the blocked names make unreachable throws {@link EgressPolicyError}.
 */
export function defineEgressPolicy(options: EgressPolicyOptions = {}): EgressPolicy {
  for (const field of Object.keys(options)) {
    if (!Object.hasOwn(DEFAULTS, field)) throw new EgressPolicyError(field, 'unknown field');
  }
  const blockedNames = names(
    array(options.blockedNames ?? DEFAULTS.blockedNames, 'blockedNames', true),
    'blockedNames',
    false,
  );
  const policy: EgressPolicy = Object.freeze({
    schemes: oneOf(options.schemes ?? DEFAULTS.schemes, EGRESS_SCHEMES, 'schemes'),
    hosts: hostAllowlist(options.hosts ?? DEFAULTS.hosts, blockedNames),
    ports: portList(options.ports ?? DEFAULTS.ports),
    credentials: choice(options.credentials ?? DEFAULTS.credentials, ['never', 'allow'], 'credentials'),
    ipLiterals: choice(options.ipLiterals ?? DEFAULTS.ipLiterals, ['block', 'allow'], 'ipLiterals'),
    addressClasses: oneOf(
      options.addressClasses ?? DEFAULTS.addressClasses,
      ADDRESS_CLASSES,
      'addressClasses',
    ),
    maxLength: integer(options.maxLength ?? DEFAULTS.maxLength, 'maxLength', 8, MAX_URL_LENGTH),
    query: queryBudget(options.query ?? {}),
    blockedNames,
    confusableHosts: choice(
      options.confusableHosts ?? DEFAULTS.confusableHosts,
      ['report', 'block'],
      'confusableHosts',
    ),
  });
  defined.add(policy);
  return policy;
}

/** The default policy: public HTTPS hosts on port 443, no credentials, no IP literals, no local names. */
export const DEFAULT_EGRESS_POLICY: EgressPolicy = defineEgressPolicy();

/** Throws a TypeError when a value did not come from {@link defineEgressPolicy} (a programming mistake). */
export function assertEgressPolicy(policy: EgressPolicy): void {
  if (!defined.has(policy)) throw new TypeError('An egress policy must be made by defineEgressPolicy().');
}

function choice<const T extends string>(value: unknown, allowed: readonly T[], field: string): T {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw new EgressPolicyError(field, `must be one of ${allowed.join(', ')}`);
}

function array(value: unknown, field: string, allowEmpty: boolean): readonly unknown[] {
  if (Array.isArray(value) && (allowEmpty || value.length > 0)) return value as readonly unknown[];
  throw new EgressPolicyError(field, allowEmpty ? 'must be an array' : 'must be a non-empty array');
}

function oneOf<const T extends string>(value: unknown, allowed: readonly T[], field: string): readonly T[] {
  const list = array(value, field, false).map((item) => choice(item, allowed, field));
  return Object.freeze([...new Set(list)]);
}

function integer(value: unknown, field: string, min: number, max: number): number {
  if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) return value;
  throw new EgressPolicyError(field, `must be an integer from ${min} to ${max}`);
}

function names(list: readonly unknown[], field: string, allowWildcard: boolean): readonly string[] {
  const canonical = list.map((item) => {
    const name = typeof item === 'string' ? canonicalHostPattern(item, allowWildcard) : undefined;
    if (name === undefined) {
      const shape = allowWildcard ? 'a host name or a *.domain pattern' : 'a host name';
      throw new EgressPolicyError(
        field,
        `${JSON.stringify(item)} is not ${shape} (no scheme, port, path or address)`,
      );
    }
    return name;
  });
  return Object.freeze([...new Set(canonical)]);
}

function hostAllowlist(value: unknown, blockedNames: readonly string[]): EgressPolicy['hosts'] {
  if (value === 'any') return 'any';
  const patterns = names(array(value, 'hosts', false), 'hosts', true);
  for (const pattern of patterns) {
    const name = pattern.startsWith('*.') ? pattern.slice(2) : pattern;
    const blocker = [...METADATA_HOST_NAMES, ...blockedNames].find((blocked) =>
      isWithinDomain(name, blocked),
    );
    if (blocker !== undefined) {
      throw new EgressPolicyError('hosts', `"${pattern}" can never be reached: "${blocker}" is blocked`);
    }
  }
  return patterns;
}

function portList(value: unknown): EgressPolicy['ports'] {
  if (value === 'default') return 'default';
  const ports = array(value, 'ports', false).map((port) => integer(port, 'ports', 1, 65_535));
  return Object.freeze([...new Set(ports)]);
}

function queryBudget(value: Partial<QueryBudget>): QueryBudget {
  for (const field of Object.keys(value)) {
    if (!Object.hasOwn(DEFAULTS.query, field)) throw new EgressPolicyError(`query.${field}`, 'unknown field');
  }
  return Object.freeze({
    maxBytes: integer(value.maxBytes ?? DEFAULTS.query.maxBytes, 'query.maxBytes', 0, MAX_URL_LENGTH),
    maxParams: integer(value.maxParams ?? DEFAULTS.query.maxParams, 'query.maxParams', 0, MAX_URL_LENGTH),
  });
}
