// CommonMark spec examples: the sink renders exactly as plain markdown-it, except the listed policy blocks.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../sinks/markdown/render.js';
import { corpusPath } from '../../support/corpora.js';
import { COMMONMARK_BLOCKED, CONFORMANCE_POLICY, withoutSinkRel, type SpecFile } from './conformance.js';

interface SpecExample {
  readonly markdown: string;
  readonly example: number;
}

const corpus = corpusPath('markdown/commonmark');
const SPEC_FILES: readonly SpecFile[] = ['spec-0.31.2.json', 'spec.json'];

/** The reasons the list gives for an example, sorted; none when it must render as plain markdown-it does. */
function listedReasons(file: SpecFile, linkify: boolean, example: number): string[] {
  const blocked = COMMONMARK_BLOCKED[file];
  const reasons: string[] = [];
  if (blocked.queryBudget.includes(example)) reasons.push('query_budget');
  if (blocked.relative.includes(example)) reasons.push('relative');
  if (blocked.scheme.includes(example) || (linkify && blocked.linkifyScheme.includes(example)))
    reasons.push('scheme');
  if (blocked.unparseable.includes(example)) reasons.push('unparseable');
  return reasons;
}

describe.runIf(corpus !== undefined)('CommonMark spec examples', () => {
  for (const file of SPEC_FILES) {
    for (const linkify of [false, true]) {
      it(`${file}, linkify ${linkify ? 'on' : 'off'}: identical except where the policy blocks`, () => {
        const examples = JSON.parse(readFileSync(join(corpus ?? '', file), 'utf8')) as SpecExample[];
        const plain = new MarkdownIt('default', { html: false, linkify });
        const mismatches: string[] = [];
        let identical = 0;
        const changed = new Map<string, number>();
        for (const { markdown, example } of examples) {
          const ours = renderMarkdown(markdown, { policy: CONFORMANCE_POLICY, linkify });
          const same = withoutSinkRel(ours.html) === plain.render(markdown);
          const reasons = [...new Set(ours.findings.map((finding) => String(finding.detail?.reason)))]
            .sort()
            .join('+');
          const listed = listedReasons(file, linkify, example).join('+');
          if (same && listed === '') identical++;
          else if (!same && listed !== '' && reasons === listed)
            changed.set(listed, (changed.get(listed) ?? 0) + 1);
          else
            mismatches.push(
              `example ${String(example)}: listed ${listed || 'nothing'}, blocked ${reasons || 'nothing'}, same ${String(same)}`,
            );
        }
        expect(mismatches).toEqual([]);
        const byReason = [...changed].map(([reasons, count]) => `${reasons} ${String(count)}`).join(', ');
        console.log(
          `CommonMark ${file} (linkify ${linkify ? 'on' : 'off'}): ${String(examples.length)} examples, ` +
            `${String(identical)} identical to markdown-it, ${String(examples.length - identical)} ` +
            `changed by the policy (${byReason})`,
        );
      });
    }
  }
});
