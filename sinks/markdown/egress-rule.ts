// The last core rule of the markdown sink: re-checks every link and image token and hardens or withholds it.
import type { StateCore, Token } from 'markdown-it';
import { HTML_LINK_REL } from '../../src/purposes/html/profile.js';
import type { LinkGuard } from './link-guard.js';
import type { ImageMode } from './options.js';

/** What one render's egress rule needs, and what it counts. */
export interface EgressRuleContext {
  readonly guard: LinkGuard;
  /** How an image that the policy allows may appear, after the `hosts: 'any'` rule is applied. */
  readonly allowedImages: 'load' | 'link' | 'alt';
  /** Images shown as a link or as alt text instead of loading, counted by the rule. */
  withheldImages: number;
}

/** The `allowedImages` value for an image mode and a policy: `allowlisted` never loads under `hosts: 'any'`. */
export function allowedImagesFor(
  mode: ImageMode,
  hostsAllowlisted: boolean,
): EgressRuleContext['allowedImages'] {
  if (mode === 'allowlisted') return hostsAllowlisted ? 'load' : 'link';
  return mode;
}

/**
 * Walks the inline tokens of every block. `validateLink` already refused blocked destinations while parsing
 * (they stay literal text); this pass is the backstop for what bypasses it, such as an empty destination
 * `[x]()`, and applies the image mode. A link whose `href` is blocked loses its `<a>` and keeps its text; an
 * allowed link gets `rel`. An image whose `src` is blocked, or that may not load, becomes its alt text or a
 * link.
 */
export function enforceEgress(state: StateCore, context: EgressRuleContext): void {
  for (const block of state.tokens) {
    if (block.children !== null) block.children = rewriteInline(block.children, state.Token, context);
  }
}

function rewriteInline(
  tokens: readonly Token[],
  TokenClass: typeof Token,
  context: EgressRuleContext,
): Token[] {
  const out: Token[] = [];
  const dropped: boolean[] = [];
  for (const token of tokens) {
    if (token.type === 'link_open') {
      const allowed = context.guard.allows(String(token.attrGet('href') ?? ''));
      dropped.push(!allowed);
      if (allowed) {
        token.attrSet('rel', HTML_LINK_REL);
        out.push(token);
      }
    } else if (token.type === 'link_close') {
      if (dropped.pop() !== true) out.push(token);
    } else if (token.type === 'image') {
      out.push(...rewriteImage(token, TokenClass, context, dropped.includes(false)));
    } else {
      out.push(token);
    }
  }
  return out;
}

function rewriteImage(
  image: Token,
  TokenClass: typeof Token,
  context: EgressRuleContext,
  insideLink: boolean,
): Token[] {
  const src = String(image.attrGet('src') ?? '');
  const allowed = context.guard.allows(src);
  if (allowed && context.allowedImages === 'load') return [image];
  if (allowed) context.withheldImages += 1;
  const alt = new TokenClass('text', '', 0);
  alt.content = altText(image.children ?? []);
  if (!allowed || context.allowedImages === 'alt' || insideLink) return [alt];
  const open = new TokenClass('link_open', 'a', 1);
  open.attrs = [
    ['href', src],
    ['rel', HTML_LINK_REL],
  ];
  const close = new TokenClass('link_close', 'a', -1);
  return [open, alt, close];
}

/** The plain text of an image description, as markdown-it writes it into `alt`. */
export function altText(tokens: readonly Token[]): string {
  let text = '';
  for (const token of tokens) {
    if (token.type === 'image') text += altText(token.children ?? []);
    else if (token.type === 'softbreak' || token.type === 'hardbreak') text += '\n';
    else if (token.type === 'text' || token.type === 'code_inline' || token.type === 'text_special')
      text += token.content;
  }
  return text;
}
