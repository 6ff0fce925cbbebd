// Benign corpora through the neutraliser: CommonMark and markdown-it examples and ordinary prose stay unchanged.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { neutralise } from '../../../sinks/prompt/neutralise.js';
import { corpusPath } from '../../support/corpora.js';

const commonmark = corpusPath('markdown/commonmark');
const markdownIt = corpusPath('markdown/markdown-it');

/**
 * Examples the neutraliser changes, measured before the role-line and generalised-token grammars were added and
 * kept since: none. A rise means a grammar now reads ordinary Markdown as a turn or a token.
 */
const CHANGED = Object.freeze({ 'spec.json': 0, 'spec-0.31.2.json': 0 });

function changedExamples(sources: readonly string[]): number {
  return sources.filter((source) => neutralise(source).text !== source).length;
}

describe.runIf(commonmark !== undefined)('CommonMark spec examples', () => {
  it.each(Object.entries(CHANGED))('%s: the fraction changed stays at %i', (file, changed) => {
    const examples = JSON.parse(readFileSync(join(commonmark ?? '', file), 'utf8')) as {
      markdown: string;
    }[];
    expect(examples.length).toBeGreaterThan(600);
    expect(changedExamples(examples.map((example) => example.markdown)) / examples.length).toBe(
      changed / examples.length,
    );
  });
});

describe.runIf(markdownIt !== undefined)('markdown-it fixtures', () => {
  it('change nothing', () => {
    const sources = ['xss', 'fatal', 'proto', 'normalize', 'linkify'].flatMap((name) =>
      (
        JSON.parse(readFileSync(join(markdownIt ?? '', `${name}.json`), 'utf8')) as { markdown: string }[]
      ).map((fixture) => fixture.markdown),
    );
    expect(sources.length).toBeGreaterThan(40);
    expect(changedExamples(sources)).toBe(0);
  });
});

describe('ordinary prose with speaker words', () => {
  it.each([
    'The System restarted overnight and the Model was retrained.',
    'Ask the Admin: she knows the password policy.',
    'Please tell the user: the export is ready.',
    'We spoke with the AI team and the Operator on call.',
    'Systems: all green\nUsers: 42\nTools: hammer, saw',
    'Root cause: the disk filled up.\nUser name: alice',
    'Modeling: done\nAdministration: pending\nBottom line: ship it',
    'AI-generated summary: the ticket is a duplicate.',
    'Model year 2019: low mileage.',
    '- first item mentions the system\n- second item: the model and the admin agree',
    '1. Open the admin console.\n2. Choose System settings.',
    '<label>User</label> <strong>Model</strong> [System](https://example.com/docs) <user-card>',
    'a < b and c > d; [note] see item[s] and [ ] the open task',
  ])('%s', (text) => {
    expect(neutralise(text)).toEqual({ text, findings: [] });
  });
});
