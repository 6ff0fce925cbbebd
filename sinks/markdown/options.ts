// Options of the markdown sink: the egress policy, how images may appear, linkify; checked once, frozen.
import { assertEgressPolicy, type EgressPolicy } from '../../src/egress/policy.js';

/**
 * How an image may appear.
 * - `allowlisted` (default): an image loads by itself only when the policy allows its URL and the policy
 *   names its hosts; under a policy with `hosts: 'any'` every image becomes a link instead, so no host
 *   outside a list ever receives a request the reader did not make.
 * - `link`: an image never loads; an allowed image becomes a link to its URL, its alt text as the link text.
 * - `alt`: an image never loads; only its alt text is shown.
 *
 * An image whose URL the policy blocks is never an `<img>` in any mode.
 */
export const IMAGE_MODES = ['allowlisted', 'link', 'alt'] as const;

/** How an image may appear; see {@link IMAGE_MODES}. */
export type ImageMode = (typeof IMAGE_MODES)[number];

/** Options of `renderMarkdown`. */
export interface MarkdownOptions {
  /** The egress policy every link and image URL is checked against (made by `defineEgressPolicy`). */
  readonly policy: EgressPolicy;
  /** How images may appear. Default `allowlisted`. */
  readonly images?: ImageMode;
  /** Turn bare URLs in text into links (each still checked by the policy). Default `false`. */
  readonly linkify?: boolean;
}

/** Options with every default applied. */
export type ResolvedMarkdownOptions = Required<MarkdownOptions>;

const KNOWN_FIELDS: readonly string[] = Object.freeze(['policy', 'images', 'linkify']);

/**
 * Applies the defaults and checks the options: a policy not made by `defineEgressPolicy`, an unknown field,
 * an unknown image mode or a non-boolean `linkify` throws a TypeError (a configuration mistake).
 */
export function resolveMarkdownOptions(options: MarkdownOptions): ResolvedMarkdownOptions {
  if (typeof options !== 'object') throw new TypeError('Markdown sink options must be an object.');
  for (const field of Object.keys(options)) {
    if (!KNOWN_FIELDS.includes(field)) throw new TypeError(`Unknown markdown sink option "${field}".`);
  }
  assertEgressPolicy(options.policy);
  const images = options.images ?? 'allowlisted';
  if (!(IMAGE_MODES as readonly string[]).includes(images)) {
    throw new TypeError(`Markdown sink option images must be one of ${IMAGE_MODES.join(', ')}.`);
  }
  const linkify = options.linkify ?? false;
  if (typeof linkify !== 'boolean') throw new TypeError('Markdown sink option linkify must be a boolean.');
  return Object.freeze({ policy: options.policy, images, linkify });
}
