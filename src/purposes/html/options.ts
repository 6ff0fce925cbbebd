// Options of the html purpose: link and image policies and the expansion budget, checked once at definition.
import { assertEgressPolicy, DEFAULT_EGRESS_POLICY, type EgressPolicy } from '../../egress/policy.js';
import { SANITIZER_EXPANSION_BUDGET } from '../../vocabulary/limits.js';
import { ContractError } from '../../vocabulary/contract-error.js';
import { isSchemaObject } from '../../schema/subschemas.js';
import type { PurposeSite } from '../purpose.js';
import { urlPurpose } from '../url/url-purpose.js';

/**
 * Images in a field: `'none'` (the default: every image is removed), `'allow'` (images whose source passes
 * the link policy, which must then list its hosts), or a policy of their own (which must list its hosts).
 * An image loads by itself, so an image from any host is a channel out; images always need a host list.
 */
export type HtmlImages = 'none' | 'allow' | EgressPolicy;

/** A caller's options for `sanitizeHtml`; every field is optional. */
export interface HtmlOptions {
  /** The policy every kept link passes. Default: the default egress policy (public https hosts). */
  readonly policy?: EgressPolicy;
  /** Whether images are kept, and from where. Default `'none'`. */
  readonly images?: HtmlImages;
  /** Most the output may grow: output bytes ÷ input bytes. Default `SANITIZER_EXPANSION_BUDGET`. */
  readonly expansionBudget?: number;
}

/** Options with every default applied. */
export interface ResolvedHtmlOptions {
  readonly links: EgressPolicy;
  /** `undefined` when images are removed. */
  readonly images: EgressPolicy | undefined;
  readonly expansionBudget: number;
}

/** The defaults: links under the default egress policy, no images, the default expansion budget. */
export const HTML_DEFAULTS: ResolvedHtmlOptions = Object.freeze({
  links: DEFAULT_EGRESS_POLICY,
  images: undefined,
  expansionBudget: SANITIZER_EXPANSION_BUDGET,
});

const OPTION_NAMES: ReadonlySet<string> = new Set(['policy', 'images', 'expansionBudget']);
const resolved = new WeakMap<HtmlOptions, ResolvedHtmlOptions>();

/**
 * The options with defaults applied, frozen and remembered per options object. A mistake (an unknown
 * option, a policy not made by `defineEgressPolicy`, images allowed from any host, a budget below 1) throws
 * a TypeError: options are configuration.
 */
export function resolveHtmlOptions(options: HtmlOptions | undefined): ResolvedHtmlOptions {
  if (options === undefined) return HTML_DEFAULTS;
  const known = resolved.get(options);
  if (known !== undefined) return known;
  for (const name of Object.keys(options)) {
    if (!OPTION_NAMES.has(name)) throw new TypeError(`Unknown html option "${name}"`);
  }
  const links = options.policy ?? DEFAULT_EGRESS_POLICY;
  assertEgressPolicy(links);
  const result: ResolvedHtmlOptions = Object.freeze({
    links,
    images: imagePolicy(options.images ?? 'none', links),
    expansionBudget: expansionBudget(options.expansionBudget ?? SANITIZER_EXPANSION_BUDGET),
  });
  resolved.set(options, result);
  return result;
}

/**
 * The options of an html field: `"x-purpose": { "kind": "html", …egress policy fields, "images": …,
 * "expansionBudget": … }` over the contract's `html` defaults. The egress fields make the link policy as the
 * url purpose makes its policy; `images` is `"none"`, `"allow"` or an object of egress fields written over
 * the link policy's fields. Any mistake is a ContractError naming the field.
 */
export function htmlOptionsFromSite(site: PurposeSite): ResolvedHtmlOptions {
  const { images: ownImages, expansionBudget: ownBudget, ...ownLinks } = site.options;
  const { images: defaultImages, expansionBudget: defaultBudget, ...defaultLinks } = site.defaults ?? {};
  const links = urlPurpose.configure({ ...site, options: ownLinks, defaults: site.defaults && defaultLinks });
  const images = ownImages ?? defaultImages ?? 'none';
  try {
    if (isSchemaObject(images)) {
      const inherited = { ...defaultLinks, ...ownLinks };
      const policy = urlPurpose.configure({ ...site, options: images, defaults: inherited });
      return resolveHtmlOptions({
        policy: links,
        images: policy,
        ...budgetOption(ownBudget ?? defaultBudget),
      });
    }
    if (images !== 'none' && images !== 'allow')
      throw new TypeError('Html option "images" must be "none", "allow" or an object');
    return resolveHtmlOptions({ policy: links, images, ...budgetOption(ownBudget ?? defaultBudget) });
  } catch (error) {
    if (error instanceof TypeError)
      throw new ContractError('contract.invalid_purpose', site.location, error.message);
    throw error;
  }
}

function budgetOption(value: unknown): { expansionBudget?: number } {
  return value === undefined ? {} : { expansionBudget: value as number };
}

function imagePolicy(images: HtmlImages, links: EgressPolicy): EgressPolicy | undefined {
  if (images === 'none') return undefined;
  const policy = images === 'allow' ? links : images;
  if (typeof policy !== 'object')
    throw new TypeError('Html option "images" must be "none", "allow" or an egress policy');
  assertEgressPolicy(policy);
  if (policy.hosts === 'any') {
    throw new TypeError('Html images need a policy with an explicit "hosts" list: an image loads by itself');
  }
  return policy;
}

function expansionBudget(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 1) {
    throw new TypeError('Html option "expansionBudget" must be a finite number of at least 1');
  }
  return value;
}
