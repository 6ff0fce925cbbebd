// Purposes on zod schemas: `purpose.text(z.string().max(500))` and friends, typed like what the gate returns.
import type { ZodType, output } from 'zod';
import type { Untrusted } from '../taint/untrusted.js';

/** A schema whose string output reaches application code as `Untrusted<string>` (text and html purposes). */
export type UntrustedSchema<S extends ZodType> = ZodType<TaintStrings<output<S>>>;

/** `string` replaced by `Untrusted<string>`, other members (null, undefined) kept. */
export type TaintStrings<T> = T extends string ? Untrusted<string> : T;

/** Options written beside a purpose's kind in `x-purpose` (see each purpose's options in the README). */
export type PurposeOptions = Readonly<Record<string, unknown>>;

type StringSchema = ZodType<string | null | undefined>;

function declare<S extends ZodType>(schema: S, kind: string, options: PurposeOptions | undefined): S {
  const declared = options === undefined ? kind : { kind, ...options };
  return schema.meta({ 'x-purpose': declared });
}

/**
 * Declares the purpose of a zod string schema, as `"x-purpose"` does in a JSON contract. `id` and `url` values
 * stay plain strings (strict identifiers, policy-checked links); `text` and `html` values are prose and markup
 * from the tool's source, so their type is `Untrusted<string>`, as the gate returns them. An enum
 * (`z.enum`, `z.literal`) needs no purpose.
 */
export const purpose = Object.freeze({
  /** A strict identifier: give it `.regex()` (or a format) and `.max()`. */
  id: <S extends StringSchema>(schema: S): S => declare(schema, 'id', undefined),
  /** A link, as its canonical href, allowed by the egress policy in `options` (or the contract's default). */
  url: <S extends StringSchema>(schema: S, options?: PurposeOptions): S => declare(schema, 'url', options),
  /** Natural language: NFC, control, bidi, invisible, tag and spoof hygiene; reaches code untrusted. */
  text: <S extends StringSchema>(schema: S, options?: PurposeOptions): UntrustedSchema<S> =>
    declare(schema, 'text', options) as unknown as UntrustedSchema<S>,
  /** Minimal rich text through DOMPurify; reaches code untrusted. */
  html: <S extends StringSchema>(schema: S, options?: PurposeOptions): UntrustedSchema<S> =>
    declare(schema, 'html', options) as unknown as UntrustedSchema<S>,
});
