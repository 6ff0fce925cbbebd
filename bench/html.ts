// Benchmark of the html purpose: a realistic field mix and rich text against DOMPurify on jsdom, and peak RSS.
import createDOMPurify, { type Config } from 'dompurify';
import { JSDOM } from 'jsdom';
import { htmlPurpose } from '../src/purposes/html/sanitize-html.js';
import { HTML_DEFAULTS } from '../src/purposes/html/options.js';
import {
  HTML_ALLOWED_ATTRIBUTES,
  HTML_ALLOWED_TAGS,
  HTML_FORBIDDEN_CONTENTS,
} from '../src/purposes/html/profile.js';
import { utf8Length } from '../src/unicode/codepoint.js';
import type { BenchRow, BenchSuite } from './harness.js';
import { compare, mbPerSecond } from './harness.js';
import { fieldMix, richFields } from './html-fields.js';
import { rssRow } from './html-memory.js';

/** The same profile handed to DOMPurify as its documentation shows: the allowlists, set once with `setConfig`. */
const BASELINE_CONFIG: Config = {
  ALLOWED_TAGS: [...HTML_ALLOWED_TAGS],
  ALLOWED_ATTR: [...HTML_ALLOWED_ATTRIBUTES],
  ADD_FORBID_CONTENTS: [...HTML_FORBIDDEN_CONTENTS],
};

/** Every field through the html purpose, as the sanitize stage starts them and awaits them together. */
async function purposeOverAll(fields: readonly string[]): Promise<void> {
  await Promise.all(fields.map((field) => Promise.resolve(htmlPurpose.sanitize(field, HTML_DEFAULTS))));
}

/** Documents parsed since the baseline last yielded. */
let baselineParses = 0;

/**
 * Every field through DOMPurify configured once, yielding a `setImmediate` turn after every 32 fields it parses
 * (those with `<`) as the purpose does: jsdom frees the documents of a job only after it ends, so a careful
 * caller must, and the two sides then pay the same event-loop turns.
 */
async function baselineOverAll(purify: (value: string) => string, fields: readonly string[]): Promise<void> {
  for (const field of fields) {
    purify(field);
    if (field.includes('<') && ++baselineParses % 32 === 0)
      await new Promise((resolve) => setImmediate(resolve));
  }
}

async function mixRow(purify: (value: string) => string): Promise<BenchRow> {
  const fields = fieldMix();
  await purposeOverAll(fields);
  const { subjectHz, baselineHz } = await compare(
    { name: 'html purpose, mix', fn: () => purposeOverAll(fields) },
    { name: 'DOMPurify, mix', fn: () => baselineOverAll(purify, fields) },
    3000,
  );
  return {
    name: 'html purpose over 200 fields, 90 % plain text, 10 % rich text (half of it already clean)',
    baseline: 'DOMPurify set up once on one jsdom window, the same 200 fields',
    ratio: subjectHz / baselineHz,
    detail: `${(subjectHz * fields.length).toFixed(0)} fields/s vs ${(baselineHz * fields.length).toFixed(0)} fields/s`,
    target: '≥ 3×',
  };
}

async function richRow(purify: (value: string) => string): Promise<BenchRow> {
  const fields = richFields();
  const bytes = fields.reduce((sum, field) => sum + utf8Length(field), 0);
  const { subjectHz, baselineHz } = await compare(
    { name: 'html purpose, rich', fn: () => purposeOverAll(fields) },
    { name: 'DOMPurify, rich', fn: () => baselineOverAll(purify, fields) },
    3000,
  );
  return {
    name: `html purpose over rich text only (${String(fields.length)} ticket bodies, half already clean, ${(bytes / 1024).toFixed(1)} KB)`,
    baseline: 'DOMPurify set up once on one jsdom window, the same bodies',
    ratio: subjectHz / baselineHz,
    detail: `${mbPerSecond(bytes, subjectHz)} vs ${mbPerSecond(bytes, baselineHz)}`,
    target: '≥ 1×',
  };
}

/** The html purpose suite. */
export const htmlSuite: BenchSuite = {
  title: 'html purpose',
  async run() {
    const purify = createDOMPurify(new JSDOM('').window);
    purify.setConfig(BASELINE_CONFIG);
    const sanitize = (value: string): string => purify.sanitize(value);
    return [await mixRow(sanitize), await richRow(sanitize), await rssRow(BASELINE_CONFIG)];
  },
};
