// Precision on code and docs: every paragraph of the dependencies' READMEs, and samples of their .d.ts and sources.
import { describe, expect, it } from 'vitest';
import { sanitizeText } from '../../src/purposes/text/sanitize-text.js';
import { detectPii } from '../../src/pii/index.js';
import { detectSecrets } from '../../src/secrets/index.js';
import { readCorpus, readLocaleMessages, type Corpus, type Paragraph } from './precision/paragraphs.js';
import { REVIEWED_REDACTIONS } from './precision/reviewed.js';
import { throughLogSink } from './redactors.js';

/** The target: at most 10 redacted paragraphs per 10,000. */
const PER_10K_TARGET = 10;

interface Redaction {
  readonly file: string;
  readonly redacted: string;
  readonly provider: string;
}

/** What the detector replaces in a paragraph: each secret with its provider. */
function redactionsOf(paragraph: Paragraph): Redaction[] {
  return detectSecrets(paragraph.text).map((match) => ({
    file: paragraph.file,
    redacted: paragraph.text.slice(match.start, match.end),
    provider: match.provider,
  }));
}

function per10k(count: number, total: number): number {
  return (10_000 * count) / total;
}

function verdictOf(redaction: Redaction): string {
  const reviewed = REVIEWED_REDACTIONS.find(
    (entry) => redaction.file.endsWith(entry.file) && entry.redacted === redaction.redacted,
  );
  return reviewed?.verdict ?? 'UNREVIEWED';
}

function report(name: string, corpus: Corpus, redacted: readonly Paragraph[]): string {
  const lines = redacted
    .flatMap(redactionsOf)
    .map((r) => `  ${r.file}  ${r.provider}: ${JSON.stringify(r.redacted.slice(0, 80))}  (${verdictOf(r)})`);
  const rate = per10k(redacted.length, corpus.paragraphs.length).toFixed(1);
  return [
    `${name}: ${corpus.files} files, ${(corpus.bytes / 1e6).toFixed(1)} MB, ${corpus.paragraphs.length} paragraphs, ` +
      `${redacted.length} with a redaction (${rate} per 10,000)`,
    ...lines,
  ].join('\n');
}

describe('the dependency-README corpus', () => {
  const corpus = readCorpus('readme');

  it('holds the READMEs of the dependencies (thousands of paragraphs)', () => {
    expect(corpus.paragraphs.length).toBeGreaterThan(10_000);
  });

  it('gets at most 10 redactions per 10,000 paragraphs through the text purpose, each one reviewed', () => {
    const redacted = corpus.paragraphs.filter((paragraph) => {
      const result = sanitizeText(paragraph.text);
      return result.ok && result.findings.some((finding) => finding.code === 'text.secret');
    });
    console.log(report('READMEs through the text purpose', corpus, redacted));
    expect(per10k(redacted.length, corpus.paragraphs.length)).toBeLessThanOrEqual(PER_10K_TARGET);
    expect(redacted.flatMap(redactionsOf).map(verdictOf)).not.toContain('UNREVIEWED');
  });

  it('gets the same redactions through the log sink', () => {
    const redacted = corpus.paragraphs.filter((paragraph) =>
      throughLogSink(paragraph.text).includes('[redacted:secret:'),
    );
    console.log(report('READMEs through the log sink', corpus, redacted));
    expect(per10k(redacted.length, corpus.paragraphs.length)).toBeLessThanOrEqual(PER_10K_TARGET);
  });
});

describe.each([
  ['type declarations (.d.ts)', 'dts', 3] as const,
  ['JavaScript sources', 'source', 8] as const,
])('a sample of the dependencies’ %s', (name, kind, every) => {
  it('gets at most 10 redactions per 10,000 paragraphs, each listed', () => {
    const corpus = readCorpus(kind, every, 4_000_000);
    const redacted = corpus.paragraphs.filter((paragraph) => detectSecrets(paragraph.text).length > 0);
    console.log(report(`${name}, every ${every}th file`, corpus, redacted));
    expect(corpus.paragraphs.length).toBeGreaterThan(1000);
    expect(per10k(redacted.length, corpus.paragraphs.length)).toBeLessThanOrEqual(PER_10K_TARGET);
  });
});

describe('multilingual messages (zod’s locales)', () => {
  it('get no redaction through the text purpose or the log sink', () => {
    const corpus = readLocaleMessages();
    expect(corpus.paragraphs.length).toBeGreaterThan(2000);
    const redacted = corpus.paragraphs.filter((paragraph) => {
      const result = sanitizeText(paragraph.text);
      const purpose = result.ok && result.findings.some((finding) => finding.code === 'text.secret');
      return purpose || throughLogSink(paragraph.text).includes('[redacted:secret:');
    });
    console.log(report('zod locale messages', corpus, redacted));
    expect(redacted.flatMap(redactionsOf)).toEqual([]);
  });
});

describe('personal data in the dependency READMEs', () => {
  it('finds only addresses, and phone numbers only in the phone library’s own README (its examples)', () => {
    const corpus = readCorpus('readme');
    const found = corpus.paragraphs.flatMap((paragraph) =>
      detectPii(paragraph.text).map((match) => ({ file: paragraph.file, kind: match.kind })),
    );
    const counts = Object.fromEntries(
      [...new Set(found.map((item) => item.kind))].map((kind) => [
        kind,
        found.filter((i) => i.kind === kind).length,
      ]),
    );
    console.log(
      `READMEs with pii: 'redact': ${corpus.paragraphs.length} paragraphs, found ${JSON.stringify(counts)}`,
    );
    const unexpected = found.filter(
      (item) =>
        item.kind !== 'email' && !(item.kind === 'phone' && item.file.startsWith('libphonenumber-js/')),
    );
    expect(unexpected).toEqual([]);
  });
});
