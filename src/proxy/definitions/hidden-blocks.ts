// Removes the parts of a tool description a person reading the client's UI would not see but a model reads.
import type { Finding } from '../../vocabulary/finding.js';

/**
 * Tags that wrap instructions aimed at the model in published tool-poisoning attacks (`<IMPORTANT>`, `<SYSTEM>`,
 * `<instructions>` …). A description is documentation for calling the tool: it has no use for a block that
 * addresses the assistant, so such a block is removed whole, up to its closing tag or the end of the text.
 */
const INSTRUCTION_TAGS = Object.freeze([
  'important',
  'system',
  'system[_-]?prompt',
  'instructions?',
  'hidden',
  'secret',
  'admin',
  'critical',
  'mandatory',
  'override',
  'assistant',
  'ai[_-]?instructions?',
  'tool[_-]?instructions?',
  'note[_-]?to[_-]?(?:ai|assistant|llm|model)',
]);

const INSTRUCTION_BLOCK = new RegExp(
  `<\\s*(${INSTRUCTION_TAGS.join('|')})\\b[^>]{0,200}>[\\s\\S]*?(?:<\\s*/\\s*\\1\\s*>|$)`,
  'giu',
);

/** An HTML comment (shown by nobody, read by the model), closed or running to the end. */
const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/gu;

/** A Markdown reference-style comment line (`[//]: # (…)`), invisible once rendered. */
const MARKDOWN_COMMENT = /^[ \t]*\[\/\/\]:[ \t]*#.*$/gmu;

/** Blank lines beyond two, and trailing white space, which push text out of a reviewer's view. */
const BLANK_RUN = /\n(?:[ \t]*\n){2,}/gu;

/** What removal changed: the text and one finding per kind of block removed. */
export interface RemovedBlocks {
  readonly text: string;
  readonly findings: readonly Finding[];
}

/**
 * Removes instruction blocks, HTML comments and Markdown comments, and collapses long runs of blank lines.
 * Findings carry codes and counts only (`definition.instruction_block`, `definition.comment`,
 * `definition.blank_run`), never the removed text. Pure; never throws.
 */
export function removeHiddenBlocks(description: string): RemovedBlocks {
  const findings: Finding[] = [];
  let text = description;
  const apply = (pattern: RegExp, replacement: string, code: string): void => {
    let count = 0;
    text = text.replace(pattern, () => {
      count++;
      return replacement;
    });
    if (count > 0) findings.push({ code, pointer: '', count, action: 'cleaned' });
  };
  apply(INSTRUCTION_BLOCK, '', 'definition.instruction_block');
  apply(HTML_COMMENT, '', 'definition.comment');
  apply(MARKDOWN_COMMENT, '', 'definition.comment');
  apply(BLANK_RUN, '\n\n', 'definition.blank_run');
  return { text: text.trim(), findings };
}
