// Malformed packs are refused when loaded, each with the file, the JSON pointer and what is wrong.
import { afterAll, describe, expect, test } from 'vitest';
import { discoverPacks } from '../../src/packs/discover.js';
import { loadPack } from '../../src/packs/load-pack.js';
import { PackError } from '../../src/packs/pack-error.js';
import { reviewPack, tempPacks } from './temp-pack.js';

const packs = tempPacks();
afterAll(() => {
  packs.remove();
});

/** Loads a pack written from `pack` and returns the PackError it throws. */
async function refusal(name: string, pack: unknown, files?: Record<string, string>): Promise<PackError> {
  const dir = packs.write(name, pack, files);
  const error: unknown = await loadPack(dir, packs.root).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(PackError);
  return error as PackError;
}

function withCase(
  change: (testCase: Record<string, unknown>) => Record<string, unknown>,
): Record<string, unknown> {
  const pack = reviewPack();
  const [first, ...rest] = pack.cases as Record<string, unknown>[];
  return { ...pack, cases: [change(first ?? {}), ...rest] };
}

describe('loading a pack', () => {
  test('a valid pack loads with its contracts defined and every case ready', async () => {
    const pack = await loadPack(packs.write('valid', reviewPack()), packs.root);
    expect(pack.name).toBe('review');
    expect(pack.file).toBe('valid/pack.json');
    expect(pack.cases.map((testCase) => [testCase.id, testCase.tool.name, testCase.line])).toEqual([
      ['accepted', 'review_status', 17],
      ['extra-member', 'review_status', 43],
    ]);
  });

  test('a missing required member names the member', async () => {
    const pack = reviewPack();
    delete pack.cases;
    const error = await refusal('no-cases', pack);
    expect(error.message).toBe('no-cases/pack.json: (whole file): missing the required member "cases"');
  });

  test('an unknown member names the member and where it is', async () => {
    const error = await refusal(
      'unknown',
      withCase((testCase) => ({ ...testCase, expected: {} })),
    );
    expect(error.pointer).toBe('/cases/0');
    expect(error.problem).toBe('has a member the format does not know: "expected"');
  });

  test('a duplicate member name in pack.json is refused by the strict parser, with its byte offset', async () => {
    const text = JSON.stringify(reviewPack()).replace('"name":"review",', '"name":"review","name":"other",');
    const error = await refusal('duplicate', text);
    expect(error.problem).toMatch(/^not strict JSON \(parse\.duplicate_key at byte \d+\)$/);
  });

  test('an expectation with both rejected and accepted must name exactly one', async () => {
    const error = await refusal(
      'both',
      withCase((testCase) => ({
        ...testCase,
        expect: { accepted: {}, rejected: { code: 'schema_mismatch' } },
      })),
    );
    expect(error.pointer).toBe('/cases/0/expect');
    expect(error.problem).toMatch(/more than one of its alternative forms/);
  });

  test('an expectation with neither names both alternatives', async () => {
    const error = await refusal(
      'neither',
      withCase((testCase) => ({ ...testCase, expect: {} })),
    );
    expect(error.problem).toBe('needs exactly one of "rejected", "accepted"');
  });

  test('a rejection with neither an agent code nor a detailed code is refused', async () => {
    const error = await refusal(
      'no-code',
      withCase((testCase) => ({ ...testCase, expect: { rejected: { stage: 'read' } } })),
    );
    expect(error.pointer).toBe('/cases/0/expect/rejected');
    expect(error.problem).toBe('needs at least one of "code", "detail"');
  });

  test('an agent code outside the finite list is refused', async () => {
    const error = await refusal(
      'bad-code',
      withCase((testCase) => ({ ...testCase, expect: { rejected: { code: 'nope' } } })),
    );
    expect(error.pointer).toBe('/cases/0/expect/rejected/code');
    expect(error.problem).toMatch(/^must be one of \["timeout",/);
  });

  test('an input with two forms is refused', async () => {
    const error = await refusal(
      'two-inputs',
      withCase((testCase) => ({ ...testCase, input: { text: '{}', base64: 'e30=' } })),
    );
    expect(error.pointer).toBe('/cases/0/input');
    expect(error.problem).toBe('is above the maximum of 1 (maxProperties)');
  });

  test('two cases with one id are refused', async () => {
    const error = await refusal(
      'same-id',
      withCase((testCase) => ({ ...testCase, id: 'extra-member' })),
    );
    expect(error.pointer).toBe('/cases/1/id');
    expect(error.problem).toBe('the case id "extra-member" is used twice');
  });

  test('a case naming a contract the pack does not load is refused', async () => {
    const error = await refusal(
      'no-contract',
      withCase((testCase) => ({ ...testCase, contract: 'ticket_search' })),
    );
    expect(error.pointer).toBe('/cases/0/contract');
  });

  test('a contract path that exists nowhere is refused', async () => {
    const error = await refusal('missing-contract', reviewPack({ contracts: ['nowhere.contract.json'] }));
    expect(error.pointer).toBe('/contracts/0');
    expect(error.problem).toMatch(/no such contract file/);
  });

  test('a contract the gate refuses is reported against the contract file', async () => {
    const contract = {
      name: 'open',
      version: 'v1',
      schema: { type: 'object', properties: { a: { type: 'string', maxLength: 5 } } },
    };
    const error = await refusal('bad-contract', reviewPack({ contracts: ['open.contract.json'] }), {
      'open.contract.json': JSON.stringify(contract),
    });
    expect(error.file).toBe('bad-contract/open.contract.json');
  });

  test('an input file outside the pack folder is refused', async () => {
    const error = await refusal(
      'escape',
      withCase((testCase) => ({ ...testCase, input: { file: '../valid/pack.json' } })),
    );
    expect(error.pointer).toBe('/cases/0/input/file');
    expect(error.problem).toBe('the file must be inside the pack folder');
  });

  test('a missing input file is refused', async () => {
    const error = await refusal(
      'no-file',
      withCase((testCase) => ({ ...testCase, input: { file: 'inputs/none.json' } })),
    );
    expect(error.problem).toBe('no such file in the pack folder');
  });

  test('a generated input over the size ceiling is refused before anything is built', async () => {
    const error = await refusal(
      'huge',
      withCase((testCase) => ({
        ...testCase,
        input: { generate: { piece: 'x'.repeat(4096), repeat: 67_108_864 } },
      })),
    );
    expect(error.pointer).toBe('/cases/0/input/generate');
  });

  test('a matches entry that is not a regular expression is refused', async () => {
    const error = await refusal(
      'regex',
      withCase((testCase) => ({
        ...testCase,
        expect: { accepted: {}, sinks: { html: { matches: ['(unclosed'] } } },
      })),
    );
    expect(error.pointer).toBe('/cases/0/expect/sinks/html/matches/0');
  });

  test('a case without a request id, in the case or the defaults, is refused', async () => {
    const error = await refusal('no-request', reviewPack({ defaults: {} }));
    expect(error.pointer).toBe('/cases/0/context');
  });

  test('an egress policy that contradicts itself is refused at /egress', async () => {
    const error = await refusal('egress', reviewPack({ egress: { hosts: ['localhost'] } }));
    expect(error.pointer).toBe('/egress');
  });

  test('pack.json that is not UTF-8 is refused', async () => {
    const error = await refusal('latin1', Buffer.from([0x7b, 0xe9, 0x7d]).toString('latin1'));
    expect(error.problem).toMatch(/^(is not UTF-8|not strict JSON)/);
  });
});

describe('finding packs', () => {
  test('a folder of packs yields each pack folder in name order; a pack folder yields itself', () => {
    const root = tempPacks();
    try {
      root.write('b', reviewPack());
      root.write('a', reviewPack());
      expect(discoverPacks(['.'], root.root).map((dir) => dir.slice(root.root.length))).toEqual(['/a', '/b']);
      expect(discoverPacks(['a', 'a'], root.root)).toHaveLength(1);
    } finally {
      root.remove();
    }
  });

  test('a folder without packs, and a path that is no folder, are refused', () => {
    expect(() => discoverPacks(['test/support'], process.cwd())).toThrow(/holds no pack\.json/);
    expect(() => discoverPacks(['package.json'], process.cwd())).toThrow(PackError);
  });
});
