// The synchronous html sanitizer on any DOM: DOMPurify configured once for the minimal profile, results per call.
import type { Config, DOMPurify, RemovedAttribute, RemovedElement } from 'dompurify';
import type { EgressPolicy } from '../../egress/policy.js';
import type { Finding } from '../../vocabulary/finding.js';
import { FindingTally } from './findings.js';
import { htmlTagName, installHtmlHooks, tallyRemovedNode, type HtmlCall } from './hooks.js';
import {
  HTML_ALLOWED_ATTRIBUTES,
  HTML_ALLOWED_TAGS,
  HTML_FORBIDDEN_CONTENTS,
  HTML_IMAGE_ATTRIBUTES,
  HTML_IMAGE_TAG,
  HTML_URL_ATTRIBUTES,
} from './profile.js';

/** The policies one value is sanitized under. */
export interface HtmlPolicies {
  /** Every kept `href` passes this policy. */
  readonly links: EgressPolicy;
  /** Every kept image `src` passes this policy; `undefined` removes every image. */
  readonly images: EgressPolicy | undefined;
}

/** The sanitized markup of one value and what changed, collected during that call only. */
export interface HtmlDomResult {
  readonly html: string;
  readonly findings: readonly Finding[];
  /** Links kept, each carrying the fixed `rel` attribute the sanitizer added. */
  readonly keptLinks: number;
}

/** Sanitizes one value synchronously. Never throws on content. */
export type HtmlDomSanitizer = (value: string, policies: HtmlPolicies) => HtmlDomResult;

/**
 * DOMPurify's walk starts at `<body>`: with `body` outside the allowlist it would clone the whole content
 * out of the body and discard the clones (DOMPurify handles a disallowed walk root that way). The HTML parser
 * never makes a second body element, so allowing it changes nothing in the output and saves that copy.
 */
const WALK_ROOT = 'body';

/**
 * `RETURN_DOM` makes DOMPurify parse every value it is given (with a string result it returns a value
 * without `<` untouched, character references and all), so whatever a caller passes leaves in one canonical
 * serialization. The body it returns is serialized here as DOMPurify itself would: `body.innerHTML`.
 */
function purifyConfig(
  images: boolean,
  trustedTypesPolicy: TrustedTypesPolicy,
): Config & { RETURN_DOM: true } {
  return {
    ALLOWED_TAGS: [...HTML_ALLOWED_TAGS, WALK_ROOT, ...(images ? [HTML_IMAGE_TAG] : [])],
    ALLOWED_ATTR: [...HTML_ALLOWED_ATTRIBUTES, ...(images ? HTML_IMAGE_ATTRIBUTES : [])],
    FORBID_CONTENTS: [...HTML_FORBIDDEN_CONTENTS],
    ALLOW_ARIA_ATTR: false,
    ALLOW_DATA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    ALLOW_SELF_CLOSE_IN_ATTR: false,
    SAFE_FOR_XML: true,
    SAFE_FOR_TEMPLATES: false,
    KEEP_CONTENT: true,
    WHOLE_DOCUMENT: false,
    FORCE_BODY: false,
    RETURN_DOM: true,
    RETURN_DOM_FRAGMENT: false,
    RETURN_TRUSTED_TYPE: false,
    TRUSTED_TYPES_POLICY: trustedTypesPolicy,
  };
}

/**
 * The Trusted Types policy DOMPurify parses input with (in a browser that has Trusted Types), or `null` for
 * none: with `null` DOMPurify never creates a policy of its own, so a page's `trusted-types` directive needs
 * to name only the caller's policy. `RETURN_TRUSTED_TYPE` stays off because the result is the body element
 * (`RETURN_DOM`); a browser caller turns its serialization into TrustedHTML through the same policy.
 */
export type TrustedTypesPolicy = NonNullable<Config['TRUSTED_TYPES_POLICY']> | null;

/**
 * Builds the sanitizer from a factory of DOMPurify instances bound to one window (jsdom in Node, the page's
 * own window in a browser), parsing through `trustedTypesPolicy` where one is given. Two instances are
 * configured once with `setConfig`, one without images and one with them, so no call re-parses a
 * configuration. Hooks and `removed` are shared state of an instance; the sanitizer reads them only inside one
 * synchronous call and returns a fresh result, so concurrent callers never see each other's findings.
 * `release`, where given, receives each parsed document once its result is read (the caller is done with it).
 */
export function createHtmlDomSanitizer(
  createPurify: () => DOMPurify,
  trustedTypesPolicy: TrustedTypesPolicy = null,
  release?: (document: Document) => void,
): HtmlDomSanitizer {
  let active: HtmlCall | undefined;
  const current = (): HtmlCall | undefined => active;
  const textOnly = prepare(createPurify(), purifyConfig(false, trustedTypesPolicy), current);
  const withImages = prepare(createPurify(), purifyConfig(true, trustedTypesPolicy), current);
  return (value, policies) => {
    const { purify, config } = policies.images === undefined ? textOnly : withImages;
    const call: HtmlCall = { ...policies, tally: new FindingTally(), blocked: new Set(), keptLinks: 0 };
    const outer = active;
    active = call;
    try {
      // The instance was configured with `setConfig(config)`, which makes DOMPurify ignore a per-call
      // configuration; passing the same object only gives the call its RETURN_DOM result type.
      const body = purify.sanitize(value, config) as Element | null;
      const html = body === null ? '' : body.innerHTML;
      // jsdom keeps this document alive until the macrotask ends; emptied, it holds little meanwhile.
      body?.replaceChildren();
      if (body !== null) release?.(body.ownerDocument);
      for (const entry of purify.removed) tallyRemoved(entry, call);
      return { html, findings: call.tally.findings(), keptLinks: call.keptLinks };
    } finally {
      active = outer;
    }
  };
}

interface Configured {
  readonly purify: DOMPurify;
  readonly config: ReturnType<typeof purifyConfig>;
}

function prepare(
  purify: DOMPurify,
  config: Configured['config'],
  current: () => HtmlCall | undefined,
): Configured {
  if (!purify.isSupported) throw new TypeError('The html sanitizer needs a DOM window with DOMParser');
  purify.setConfig(config);
  installHtmlHooks(purify, current);
  return { purify, config };
}

/** Counts one entry of DOMPurify's `removed` list, skipping URL attributes already reported as blocked. */
function tallyRemoved(entry: RemovedElement | RemovedAttribute, call: HtmlCall): void {
  if ('element' in entry) {
    tallyRemovedNode(entry.element, call);
    return;
  }
  const tag = htmlTagName(entry.from);
  const urlAttribute = tag === undefined ? undefined : HTML_URL_ATTRIBUTES[tag];
  if (call.blocked.has(entry.from) && entry.attribute?.name === urlAttribute) return;
  call.tally.add('html.attribute_removed', 'cleaned');
}
