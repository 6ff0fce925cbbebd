// renderOutcomeMarkdown: an outcome's data as Markdown source in which only policy-allowed URLs are links.
import { checkDisplayOptions, type DisplayOptions } from '../shared/display-options.js';
import { planDisplay, type DisplayInput, type DisplayNode } from '../shared/plan.js';
import type { Finding } from '../../src/vocabulary/finding.js';
import { escapeAsciiPunctuation, escapeMarkdown } from './escape.js';

/** Markdown source for an outcome, and what the policy decided (blocked URLs), as findings. */
export interface OutcomeMarkdown {
  readonly markdown: string;
  readonly findings: readonly Finding[];
}

const INDENT = '  ';

/**
 * Writes an accepted outcome's data (or one purposed value) as Markdown for a UI that renders Markdown. Each
 * string shows by its purpose in `meta.purposes`: `id`, `enum`, `text` and strings without a purpose as
 * escaped literal text ({@link escapeMarkdown}); `url` as a link to its canonical URL only when the egress
 * policy allows it, otherwise as literal text; `html` as the literal text of its (already sanitized) markup —
 * Markdown renderers here keep raw HTML off, so markup never becomes live through this sink; use the html
 * sink to show it rich. Objects become bullet lists of `name: value` (names escaped), arrays bullet lists,
 * nesting indented. A failed outcome shows as its agent code. Never throws on content.
 */
export function renderOutcomeMarkdown(input: DisplayInput, options: DisplayOptions): OutcomeMarkdown {
  const { policy } = checkDisplayOptions(options);
  const plan = planDisplay(input, policy);
  return { markdown: blockLines(plan.root).join('\n'), findings: plan.findings };
}

function blockLines(node: DisplayNode): string[] {
  switch (node.kind) {
    case 'list':
      return node.items.flatMap((item) => listItem('-', item));
    case 'fields':
      return node.fields.flatMap((field) => listItem(`- ${escapeMarkdown(field.name)}:`, field.value));
    default:
      return [inline(node)];
  }
}

/** One bullet: a scalar stays on the bullet's line, a container is indented below it. */
function listItem(head: string, value: DisplayNode): string[] {
  if (value.kind === 'list' || value.kind === 'fields') {
    return [head, ...blockLines(value).map((line) => INDENT + line)];
  }
  return [`${head} ${inline(value)}`];
}

function inline(node: DisplayNode): string {
  switch (node.kind) {
    case 'text':
      return escapeMarkdown(node.text);
    case 'markup':
      return escapeMarkdown(node.markup);
    case 'link':
      return `[${escapeMarkdown(node.href)}](<${escapeAsciiPunctuation(node.href)}>)`;
    default:
      return '';
  }
}
