// Case inputs become exact bytes: text, JSON, base64, pack files and generated bodies, then the named encoding.
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, describe, expect, test } from 'vitest';
import { generatedLength, materializeInput, MAX_INPUT_BYTES } from '../../src/packs/materialize.js';
import type { CaseInput } from '../../src/packs/pack.js';
import { tempPacks } from './temp-pack.js';

const packs = tempPacks();
const dir = packs.write('files', {}, { 'inputs/body.bin': new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d]) });
afterAll(() => {
  packs.remove();
});

async function bytesOf(input: CaseInput): Promise<Buffer> {
  const result = await materializeInput(input, {}, dir);
  if (!result.ok) throw new Error(result.code);
  return Buffer.from(result.raw.body as Uint8Array);
}

describe('materializing a case input', () => {
  test.each([
    [{ text: 'héllo' }, Buffer.from('héllo', 'utf8')],
    [{ json: { a: [1, 'ü'] } }, Buffer.from('{"a":[1,"ü"]}', 'utf8')],
    [{ base64: '/wA=' }, Buffer.from([0xff, 0x00])],
    [{ file: 'inputs/body.bin' }, Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d])],
    [{ generate: { prefix: '[', piece: '0,', repeat: 3, suffix: '0]' } }, Buffer.from('[0,0,0,0]')],
  ] satisfies [CaseInput, Buffer][])('%j becomes its exact bytes', async (input, expected) => {
    expect(await bytesOf(input)).toEqual(expected);
  });

  test.each([
    ['gzip', gunzipSync],
    ['deflate', inflateSync],
    ['br', brotliDecompressSync],
  ] as const)(
    'a %s content encoding is applied by the runner and declared on the envelope',
    async (encoding, undo) => {
      const result = await materializeInput(
        { generate: { piece: 'ab', repeat: 10_000 } },
        { contentEncoding: encoding, status: 200 },
        dir,
      );
      if (!result.ok) throw new Error(result.code);
      const body = Buffer.from(result.raw.body as Uint8Array);
      expect(body.length).toBeLessThan(1000);
      expect(undo(body).toString()).toBe('ab'.repeat(10_000));
      expect(result.raw).toMatchObject({ contentEncoding: encoding, status: 200 });
      expect(result.bodyBytes).toBe(20_000);
    },
  );

  test('a generated body over the ceiling is refused by size, before it is built', async () => {
    const generate = { piece: 'é', repeat: MAX_INPUT_BYTES / 2 + 1 };
    expect(generatedLength(generate)).toBe(MAX_INPUT_BYTES + 2);
    expect(await materializeInput({ generate }, {}, dir)).toEqual({ ok: false, code: 'input.too_large' });
  });

  test('a file that left the pack folder or vanished is a failed input, not a throw', async () => {
    expect(await materializeInput({ file: '../elsewhere' }, {}, dir)).toEqual({
      ok: false,
      code: 'input.unreadable',
    });
    expect(await materializeInput({ file: 'inputs/gone.bin' }, {}, dir)).toEqual({
      ok: false,
      code: 'input.unreadable',
    });
  });
});
