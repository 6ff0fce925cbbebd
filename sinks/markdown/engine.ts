// The markdown sink's private markdown-it instances, one per option set, each with the egress check built in.
import type { Env, Token } from 'markdown-it';
import type { Finding } from '../../src/vocabulary/finding.js';
import { allowedImagesFor, enforceEgress, type EgressRuleContext } from './egress-rule.js';
import { createLinkGuard, type LinkGuard } from './link-guard.js';
import { markdownIt } from './markdown-it.js';
import type { ResolvedMarkdownOptions } from './options.js';

/** Rendered Markdown and what the policy changed. */
export interface MarkdownRendering {
  /** The HTML. */
  readonly html: string;
  /** `markdown.url_blocked` per block reason (distinct URLs) and `markdown.image_withheld`; never URL text. */
  readonly findings: readonly Finding[];
}

/** What markdown-it keeps between parsing and rendering: the link reference definitions it found. */
export type ParseEnvironment = Env;

/** One option set's markdown-it, usable only through these calls. */
export interface MarkdownEngine {
  /** Renders a whole source with a fresh link guard, and reports what the policy changed. */
  render(source: string): MarkdownRendering;
  /**
   * Parses a source under a caller's link guard (a stream keeps one across its parses), starting from the
   * reference definitions in `env`, which the parse extends. Tokens carry the egress rule's decisions.
   */
  parse(source: string, guard: LinkGuard, env: ParseEnvironment): Token[];
  /** Renders tokens of a {@link MarkdownEngine.parse} to HTML. */
  renderTokens(tokens: Token[], env: ParseEnvironment): string;
  /** The `class` the renderer gives a fence with this info string (`undefined` when it names no language). */
  readonly languageClass: (info: string) => string | undefined;
}

const engines = new WeakMap<ResolvedMarkdownOptions['policy'], Map<string, MarkdownEngine>>();

/** The engine of an option set, created on first use and kept as long as the policy lives. */
export function engineFor(options: ResolvedMarkdownOptions): MarkdownEngine {
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
 * call's context, which exists only during one synchronous parse, so concurrent callers never share findings.
 * The instance is never exposed, so no caller can swap the check out.
 */
function createEngine(options: ResolvedMarkdownOptions): MarkdownEngine {
  const MarkdownIt = markdownIt();
  const md = new MarkdownIt('default', { html: false, linkify: options.linkify });
  const allowedImages = allowedImagesFor(options.images, options.policy.hosts !== 'any');
  let active: EgressRuleContext | undefined;
  md.validateLink = (url) => active?.guard.allows(url) ?? false;
  md.core.ruler.push('airlock_egress', (state) => {
    if (active !== undefined) enforceEgress(state, active);
  });
  const parse = (source: string, context: EgressRuleContext, env: ParseEnvironment): Token[] => {
    const outer = active;
    active = context;
    try {
      return md.parse(source, env);
    } finally {
      active = outer;
    }
  };
  return {
    render(source) {
      const context: EgressRuleContext = {
        guard: createLinkGuard(options.policy),
        allowedImages,
        withheldImages: 0,
      };
      const env: ParseEnvironment = {};
      const html = md.renderer.render(parse(source, context, env), md.options, env);
      return { html, findings: findingsOf(context) };
    },
    parse(source, guard, env) {
      return parse(source, { guard, allowedImages, withheldImages: 0 }, env);
    },
    renderTokens(tokens, env) {
      return md.renderer.render(tokens, md.options, env);
    },
    languageClass: (info) => {
      const language = md.utils.unescapeAll(info).trim().split(/\s+/)[0] ?? '';
      return language === '' ? undefined : `${md.options.langPrefix}${language}`;
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
