// Options of the text purpose: the policies, their frozen safe defaults, and checking a caller's choice.
import { SPECIAL_CLASSES, type SpecialClass } from '../../unicode/special.js';
import { INSTRUCTION_POLICIES, type InstructionPolicy } from './instruction.js';

/** A class of characters the text purpose removes (or, for line breaks, rewrites). */
export type TextCleanClass = Exclude<SpecialClass, 'private_use'>;

/** Every {@link TextCleanClass}, in report order. */
export const TEXT_CLEAN_CLASSES: readonly TextCleanClass[] = Object.freeze(
  SPECIAL_CLASSES.filter((specialClass): specialClass is TextCleanClass => specialClass !== 'private_use'),
);

/** What a hit of a clean class does: remove it and report (`clean`), or refuse the whole value. */
export type CleanAction = 'clean' | 'reject';
/** Private-use characters: left alone, removed and reported, or the value refused. */
export type PrivateUsePolicy = 'keep' | 'remove' | 'reject';
/** Mixed-script and confusable words: reported, or the value refused. */
export type SpoofPolicy = 'report' | 'reject';
/** A lone UTF-16 surrogate: the value refused, or the surrogate replaced by U+FFFD and reported. */
export type LoneSurrogatePolicy = 'reject' | 'replace';
/** Secrets (API keys, tokens, passwords, private keys): replaced by a typed marker and reported, or kept. */
export type SecretPolicy = 'redact' | 'keep';
/** Personal data (e-mail addresses, phone numbers, payment cards, IBANs, national identity numbers): kept (the
 * default: many tools return addresses on purpose), or replaced by `[redacted:pii:<kind>]` and reported. */
export type PiiPolicy = 'keep' | 'redact';
/** Placeholders in a credential's place (`AKIAIOSFODNN7EXAMPLE`, `xxxx…`): kept (the default), or redacted. */
export type PlaceholderPolicy = 'keep' | 'redact';

/** A caller's options for `sanitizeText`; every field is optional and defaults to {@link TEXT_DEFAULTS}. */
export interface TextOptions {
  /** Most code points accepted, before and after cleaning; more is refused, never truncated. */
  readonly maxCodePoints?: number;
  /** Most UTF-8 bytes accepted, before and after cleaning; more is refused, never truncated. */
  readonly maxBytes?: number;
  /** Keep line feeds, CRLF pairs and tabs (true), or turn every line break and tab into a space (false). */
  readonly multiline?: boolean;
  /** Per class, `clean` or `reject`. */
  readonly actions?: Readonly<Partial<Record<TextCleanClass, CleanAction>>>;
  readonly privateUse?: PrivateUsePolicy;
  readonly confusables?: SpoofPolicy;
  readonly mixedScript?: SpoofPolicy;
  readonly loneSurrogates?: LoneSurrogatePolicy;
  /** `redact` (the default) replaces each secret with `[redacted:secret:<provider>]`; `keep` leaves them. */
  readonly secrets?: SecretPolicy;
  /** `keep` (the default) leaves personal data; `redact` replaces it with `[redacted:pii:<kind>]`. */
  readonly pii?: PiiPolicy;
  /** `keep` (the default) leaves placeholders in a credential's place; `redact` redacts them as secrets. */
  readonly placeholders?: PlaceholderPolicy;
  /** Instructions addressed to an assistant (`text.instruction`): `ignore` (default), `report` or `reject`. */
  readonly instructions?: InstructionPolicy;
}

/** Options with every default applied. */
export interface ResolvedTextOptions {
  readonly maxCodePoints: number;
  readonly maxBytes: number;
  readonly multiline: boolean;
  readonly actions: Readonly<Record<TextCleanClass, CleanAction>>;
  readonly privateUse: PrivateUsePolicy;
  readonly confusables: SpoofPolicy;
  readonly mixedScript: SpoofPolicy;
  readonly loneSurrogates: LoneSurrogatePolicy;
  readonly secrets: SecretPolicy;
  readonly pii: PiiPolicy;
  readonly placeholders: PlaceholderPolicy;
  readonly instructions: InstructionPolicy;
}

/**
 * The safe defaults. Private-use characters are removed: they have no interoperable meaning, a reviewer
 * cannot read them (icon-font glyphs at best, invisible in most fonts at worst, and planes 15–16 can carry
 * a payload like tag characters), and an agent gains nothing from them. Look-alikes are reported, not
 * refused, because names and quotations in other scripts are legitimate. Secrets are redacted: a credential
 * in tool output must not reach a model, a screen or a prompt (the evidence vault keeps the raw bytes).
 * Personal data is kept: many tools return addresses and phone numbers because that is their job.
 * Placeholders are kept: a sample key in documentation is no secret, and agents read documentation.
 */
export const TEXT_DEFAULTS: ResolvedTextOptions = Object.freeze({
  maxCodePoints: 65_536,
  maxBytes: 262_144,
  multiline: true,
  actions: Object.freeze(
    Object.fromEntries(TEXT_CLEAN_CLASSES.map((name) => [name, 'clean'])) as Record<
      TextCleanClass,
      CleanAction
    >,
  ),
  privateUse: 'remove',
  confusables: 'report',
  mixedScript: 'report',
  loneSurrogates: 'reject',
  secrets: 'redact',
  pii: 'keep',
  placeholders: 'keep',
  instructions: 'ignore',
});

const OPTION_NAMES: ReadonlySet<string> = new Set(Object.keys(TEXT_DEFAULTS));
const resolved = new WeakMap<TextOptions, ResolvedTextOptions>();

/**
 * The last few options objects seen and what they resolved to, newest last: the fields of a contract, and
 * callers with a constant options object, pass the same few objects.
 */
const recentInputs: TextOptions[] = [];
const recentlyResolved: ResolvedTextOptions[] = [];
const RECENT = 8;

function remember(input: TextOptions, options: ResolvedTextOptions): void {
  if (recentInputs.length === RECENT) {
    recentInputs.shift();
    recentlyResolved.shift();
  }
  recentInputs.push(input);
  recentlyResolved.push(options);
}

/**
 * The options with defaults applied, frozen and remembered per options object. A mistake (an unknown
 * option, a policy outside its union, a limit that is not a positive safe integer) throws a TypeError:
 * options are configuration, checked when a contract is defined.
 */
export function resolveTextOptions(options: TextOptions | undefined): ResolvedTextOptions {
  if (options === undefined) return TEXT_DEFAULTS;
  // The same options object comes back on every value of a field: found by identity before the WeakMap.
  for (let i = 0; i < recentInputs.length; i++)
    if (recentInputs[i] === options) return recentlyResolved[i] as ResolvedTextOptions;
  const known = resolved.get(options);
  if (known !== undefined) {
    remember(options, known);
    return known;
  }
  for (const name of Object.keys(options)) {
    if (!OPTION_NAMES.has(name)) throw new TypeError(`Unknown text option "${name}"`);
  }
  const result: ResolvedTextOptions = Object.freeze({
    maxCodePoints: limit('maxCodePoints', options.maxCodePoints ?? TEXT_DEFAULTS.maxCodePoints),
    maxBytes: limit('maxBytes', options.maxBytes ?? TEXT_DEFAULTS.maxBytes),
    multiline: oneOf('multiline', options.multiline ?? TEXT_DEFAULTS.multiline, [true, false]),
    actions: resolveActions(options.actions),
    privateUse: oneOf('privateUse', options.privateUse ?? TEXT_DEFAULTS.privateUse, [
      'keep',
      'remove',
      'reject',
    ]),
    confusables: oneOf('confusables', options.confusables ?? TEXT_DEFAULTS.confusables, ['report', 'reject']),
    mixedScript: oneOf('mixedScript', options.mixedScript ?? TEXT_DEFAULTS.mixedScript, ['report', 'reject']),
    loneSurrogates: oneOf('loneSurrogates', options.loneSurrogates ?? TEXT_DEFAULTS.loneSurrogates, [
      'reject',
      'replace',
    ]),
    secrets: oneOf('secrets', options.secrets ?? TEXT_DEFAULTS.secrets, ['redact', 'keep']),
    pii: oneOf('pii', options.pii ?? TEXT_DEFAULTS.pii, ['keep', 'redact']),
    placeholders: oneOf('placeholders', options.placeholders ?? TEXT_DEFAULTS.placeholders, [
      'keep',
      'redact',
    ]),
    instructions: oneOf(
      'instructions',
      options.instructions ?? TEXT_DEFAULTS.instructions,
      INSTRUCTION_POLICIES,
    ),
  });
  resolved.set(options, result);
  resolved.set(result, result);
  remember(options, result);
  return result;
}

function resolveActions(actions: TextOptions['actions']): Readonly<Record<TextCleanClass, CleanAction>> {
  if (actions === undefined) return TEXT_DEFAULTS.actions;
  const result = { ...TEXT_DEFAULTS.actions };
  for (const [name, action] of Object.entries(actions)) {
    if (!(TEXT_CLEAN_CLASSES as readonly string[]).includes(name)) {
      throw new TypeError(`Unknown text finding class "${name}" in actions`);
    }
    result[name as TextCleanClass] = oneOf(`actions.${name}`, action, ['clean', 'reject']);
  }
  return Object.freeze(result);
}

function limit(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new TypeError(`Text option "${name}" must be a positive safe integer`);
  }
  return value;
}

function oneOf<T extends string | boolean>(name: string, value: unknown, allowed: readonly T[]): T {
  if (!(allowed as readonly unknown[]).includes(value)) {
    throw new TypeError(
      `Text option "${name}" must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`,
    );
  }
  return value as T;
}
