// The simple URL reader gives exactly what the WHATWG parser gives, on generated URLs and on the WPT inputs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { partsOf, simpleUrl } from '../../src/egress/simple-url.js';
import { corpusPath } from '../support/corpora.js';

/** What the WHATWG parser says, in the same shape, or `undefined` when it refuses the input. */
function parsed(input: string): ReturnType<typeof partsOf> | undefined {
  try {
    const url = new URL(input);
    return partsOf(url, url.href);
  } catch {
    return undefined;
  }
}

/** Pieces of the simple form, and pieces at its edges: dots, percent signs, case, digits, punycode, ports. */
const SIMPLE_LABELS = ['a', 'example', 'com', 'x-y', 'b1', '-a', 'a-'];
const EDGE_LABELS = ['', '0', '12', '0x7f', 'xn--abc', 'xn--nxasmq6b', 'A'];
const SIMPLE_PATH = ['/', 'a', 'T-42', '.', '~', "'", '@', ':', ';', '=', '.x'];
const EDGE_PATH = ['..', '%2e', '%2E', '^', '\\', '?', '#', ' ', '\t', 'é', '|'];

const label = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...SIMPLE_LABELS) },
  { weight: 1, arbitrary: fc.constantFrom(...EDGE_LABELS) },
);
const pathPiece = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...SIMPLE_PATH) },
  { weight: 1, arbitrary: fc.constantFrom(...EDGE_PATH) },
);
const hosts = fc.array(label, { minLength: 1, maxLength: 4 }).map((labels) => labels.join('.'));
const paths = fc.array(pathPiece, { maxLength: 10 }).map((pieces) => `/${pieces.join('')}`);
const nearSimpleUrls = fc
  .tuple(
    fc.constantFrom('http', 'https', 'https', 'HTTPS', 'ftp', 'ws'),
    fc.constantFrom('://', '://', '://', ':/', '://user@', '://u:p@'),
    hosts,
    fc.constantFrom('', '', '', ':443', ':80', ':8080'),
    paths,
  )
  .map(([scheme, separator, host, port, path]) => `${scheme}${separator}${host}${port}${path}`);

describe('simpleUrl', () => {
  it('reads the ticket links of the benchmarks and refuses what the parser would change', () => {
    expect(simpleUrl('https://tickets.example.com/t/T-42')).toEqual(
      parsed('https://tickets.example.com/t/T-42'),
    );
    for (const changed of [
      'https://tickets.example.com',
      'HTTPS://tickets.example.com/',
      'https://Tickets.example.com/',
      'https://127.0.0.1/',
      'https://example.0x7f/',
      'https://xn--nxasmq6b.com/',
      'https://a.com/b/../c',
      'https://a.com/%2e%2e/c',
      'https://a.com/a^b',
      'https://a.com:443/',
      'https://a.com/?q',
    ])
      expect(simpleUrl(changed)).toBeUndefined();
  });

  it('agrees with the WHATWG parser wherever it answers', () => {
    let answered = 0;
    fc.assert(
      fc.property(nearSimpleUrls, (input) => {
        const simple = simpleUrl(input);
        if (simple === undefined) return;
        answered++;
        expect(simple).toEqual(parsed(input));
      }),
      { numRuns: 20_000 },
    );
    expect(answered).toBeGreaterThan(500);
  });

  const root = corpusPath('url/wpt');
  it.skipIf(root === undefined)('agrees with the WHATWG parser on every WPT input it answers', () => {
    const inputs = ['urltestdata.json', 'urltestdata-javascript-only.json'].flatMap((file) =>
      (JSON.parse(readFileSync(join(root ?? '', file), 'utf8')) as unknown[])
        .filter((entry): entry is { input: string } => typeof entry === 'object' && entry !== null)
        .map((entry) => entry.input),
    );
    let answered = 0;
    for (const input of inputs) {
      const simple = simpleUrl(input);
      if (simple === undefined) continue;
      answered++;
      expect(simple).toEqual(parsed(input));
    }
    expect(answered).toBeGreaterThan(0);
  });
});
