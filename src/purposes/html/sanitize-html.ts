// The `html` purpose: rich text reduced to the minimal profile by DOMPurify, links and images under egress policy.
import { exceedsExpansion } from '../../vocabulary/limits.js';
import { utf8Length } from '../../unicode/codepoint.js';
import type { Finding } from '../../vocabulary/finding.js';
import { HTML_LINK_REL } from './profile.js';
import {
  htmlOptionsFromSite,
  resolveHtmlOptions,
  type HtmlOptions,
  type ResolvedHtmlOptions,
} from './options.js';
import { awaitDomTurn } from './pacing.js';
import { htmlParser } from './parser.js';
import { mayBeClean } from './prefilter.js';
import { proveCleanHtml } from './proof.js';
import { loadHtmlDom } from './window.js';
import type { Purpose } from '../purpose.js';

/** A sanitized html value: markup of the minimal profile only, or a refusal. Findings never hold input text. */
export type HtmlSanitizeResult =
  | {
      readonly ok: true;
      readonly value: string;
      readonly findings: readonly Finding[];
      /** Bytes of fixed markup the sanitizer added (the `rel` of kept links), not grown from the content. */
      readonly allowance?: number;
    }
  | { readonly ok: false; readonly findings: readonly Finding[] };

/** The bytes of the fixed attribute every kept link gets: added by the sanitizer, not grown from the content. */
const REL_ATTRIBUTE_BYTES = utf8Length(` rel="${HTML_LINK_REL}"`);

/**
 * True when a value needs the HTML parser: a tag or a comment needs `<`, a character reference `&`. Any
 * other value is text in HTML's data state (`>` alone included) and is returned as is, without the DOM; the
 * only other characters an HTML parser changes in text are NUL (dropped) and CR (read as a line feed), and
 * any parser downstream does the same to them.
 */
export function carriesMarkup(value: string): boolean {
  return value.includes('<') || value.includes('&');
}

/**
 * Sanitizes rich text outside a contract. Kept: p, br, em, strong, code, pre, ul, ol, li, blockquote and
 * links whose `href` passes the policy as a link (canonicalized, with `rel="noopener noreferrer nofollow
 * ugc"`; under `hosts: 'any'` no query and no fragment); images only when `images` allows them and their
 * source passes the image policy. Everything else is removed (the text of harmless wrappers kept) and
 * counted in findings; a refused link becomes its text.
 * Output that grows past the expansion budget is refused. A value without `<` or `&` is returned as is;
 * one with `&` and no `<` only has its character references written in canonical form. Markup whose parsed
 * tree already lies inside the profile (links and images already canonical under their policies) is proven
 * clean and returned as DOMPurify would return it, without a DOM; any other markup goes to DOMPurify on
 * jsdom, which is loaded by the first value with `<`. Bad options throw a TypeError right away; content
 * never makes it throw.
 *
 * Memory: jsdom keeps every document parsed in one macrotask alive until that macrotask ends, so the
 * sanitizer itself parses at most 32 values per macrotask and lets further calls wait for a `setImmediate`
 * turn. Callers can therefore loop over `await sanitizeHtml(…)` without yielding themselves.
 */
export function sanitizeHtml(value: string, options?: HtmlOptions): Promise<HtmlSanitizeResult> {
  return Promise.resolve(sanitizeWith(value, resolveHtmlOptions(options)));
}

/**
 * The `html` purpose for contracts. Options are egress policy fields for links, `images` and
 * `expansionBudget`, written in the schema over the contract's `html` defaults and checked once per field.
 * A value without markup is answered synchronously; one with markup asynchronously.
 */
export const htmlPurpose: Purpose<ResolvedHtmlOptions> = Object.freeze<Purpose<ResolvedHtmlOptions>>({
  kind: 'html',
  configure: htmlOptionsFromSite,
  sanitize: (value, options) => sanitizeWith(value, options),
});

function sanitizeWith(
  value: string,
  options: ResolvedHtmlOptions,
): HtmlSanitizeResult | Promise<HtmlSanitizeResult> {
  if (typeof (value as unknown) !== 'string') {
    return {
      ok: false,
      findings: [{ code: 'html.invalid_input', pointer: '', count: 1, action: 'rejected' }],
    };
  }
  if (!carriesMarkup(value)) return { ok: true, value, findings: [] };
  return sanitizeMarkup(value, options);
}

async function sanitizeMarkup(value: string, options: ResolvedHtmlOptions): Promise<HtmlSanitizeResult> {
  const parser = htmlParser();
  // Without `<` no element, comment or attribute can exist: only character references need the parser.
  if (!value.includes('<'))
    return boundGrowth(value, parser.serializeText(value), [], 0, options.expansionBudget);
  // jsdom is still loaded by the first value with markup, so a later value outside the profile never waits.
  const dom = await loadHtmlDom();
  const proven = mayBeClean(value, options.images !== undefined)
    ? proveCleanHtml(value, options, parser)
    : undefined;
  if (proven !== undefined)
    return boundGrowth(value, proven.html, [], proven.keptLinks, options.expansionBudget);
  await awaitDomTurn();
  const { html, findings, keptLinks } = dom.sanitize(value, options);
  return boundGrowth(value, html, findings, keptLinks, options.expansionBudget);
}

/**
 * Holds the output to the expansion budget. Growth is measured without the fixed `rel` attribute of kept
 * links (text the sanitizer adds, not content), with the same small-value slack as the sanitize stage.
 * Any growth is reported with both sizes; growth past the budget refuses the value.
 */
function boundGrowth(
  input: string,
  output: string,
  findings: readonly Finding[],
  keptLinks: number,
  budget: number,
): HtmlSanitizeResult {
  if (output === input) return { ok: true, value: output, findings };
  const inputBytes = utf8Length(input);
  const outputBytes = utf8Length(output);
  const allowance = keptLinks * REL_ATTRIBUTE_BYTES;
  const added = allowance > 0 ? { allowance } : {};
  if (outputBytes <= inputBytes) return { ok: true, value: output, findings, ...added };
  if (exceedsExpansion(inputBytes, outputBytes, budget, allowance)) {
    const detail = { inputBytes, outputBytes, budget };
    return {
      ok: false,
      findings: [
        ...findings,
        { code: 'html.expansion_exceeded', pointer: '', count: 1, action: 'rejected', detail },
      ],
    };
  }
  const detail = { inputBytes, outputBytes };
  return {
    ok: true,
    value: output,
    findings: [...findings, { code: 'html.expanded', pointer: '', count: 1, action: 'reported', detail }],
    ...added,
  };
}
