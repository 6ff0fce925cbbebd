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

/** The reason the list gives for an example, or `undefined` when it must render as plain markdown-it does. */
function listedReason(file: SpecFile, linkify: boolean, example: number): string | undefined {
  const blocked = COMMONMARK_BLOCKED[file];
  if (blocked.relative.includes(example)) return 'relative';
  if (blocked.scheme.includes(example) || (linkify && blocked.linkifyScheme.includes(example)))
    return 'scheme';
  return undefined;
}

describe.runIf(corpus !== undefined)('CommonMark spec examples', () => {
  for (const file of SPEC_FILES) {
    for (const linkify of [false, true]) {
      it(`${file}, linkify ${linkify ? 'on' : 'off'}: identical except where the policy blocks`, () => {
        const examples = JSON.parse(readFileSync(join(corpus ?? '', file), 'utf8')) as SpecExample[];
        const plain = new MarkdownIt('default', { html: false, linkify });
        const mismatches: string[] = [];
        const counts = { identical: 0, relative: 0, scheme: 0 };
        for (const { markdown, example } of examples) {
          const ours = renderMarkdown(markdown, { policy: CONFORMANCE_POLICY, linkify });
          const same = withoutSinkRel(ours.html) === plain.render(markdown);
          const reasons = [...new Set(ours.findings.map((finding) => String(finding.detail?.reason)))];
          const listed = listedReason(file, linkify, example);
          if (same && listed === undefined) counts.identical++;
          else if (!same && listed !== undefined && reasons.join() === listed)
            counts[listed as 'relative' | 'scheme']++;
          else
            mismatches.push(
              `example ${String(example)}: listed ${String(listed)}, blocked ${reasons.join('+') || 'nothing'}, same ${String(same)}`,
            );
        }
        expect(mismatches).toEqual([]);
        console.log(
          `CommonMark ${file} (linkify ${linkify ? 'on' : 'off'}): ${String(examples.length)} examples, ` +
            `${String(counts.identical)} identical to markdown-it, ${String(counts.relative + counts.scheme)} ` +
            `changed by the policy (relative ${String(counts.relative)}, scheme ${String(counts.scheme)})`,
        );
      });
    }
  }
});
