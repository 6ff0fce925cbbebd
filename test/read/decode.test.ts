// Strict UTF-8 decoding: the fast conversion gives exactly the fatal TextDecoder's answer, text or refusal.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeUtf8, decodeUtf8Paced, type DecodeResult } from '../../src/read/decode.js';

const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const BOM = [0xef, 0xbb, 0xbf];

/** What the WHATWG fatal decoder says about `bytes` under the `strip` policy (refusals without offsets). */
function reference(bytes: Uint8Array): { ok: true; text: string } | { ok: false } {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  try {
    return { ok: true, text: fatal.decode(bytes.subarray(start)) };
  } catch {
    return { ok: false };
  }
}

function withoutOffset(result: DecodeResult): { ok: true; text: string } | { ok: false } {
  return result.ok ? { ok: true, text: result.text } : { ok: false };
}

/** Byte sequences that are near UTF-8: well-formed pieces, ill-formed ones and single bytes, mixed. */
const PIECES = [
  [0x41],
  [0x7f],
  [0xc3, 0xa9],
  [0xe4, 0xb8, 0xad],
  [0xf0, 0x9f, 0x98, 0x80],
  [0xef, 0xbb, 0xbf],
  [0xed, 0x9f, 0xbf],
  [0xee, 0x80, 0x80],
  [0xf4, 0x8f, 0xbf, 0xbf],
  [0xc0, 0xaf],
  [0xe0, 0x80, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0x80],
  [0xc3],
  [0xe4, 0xb8],
  [0xff],
];

const nearUtf8 = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 3 })), {
    maxLength: 40,
  })
  .map((pieces) => Uint8Array.from(pieces.flat()));

describe('decodeUtf8', () => {
  it('agrees with the fatal TextDecoder on near-UTF-8 bytes', () => {
    fc.assert(
      fc.property(nearUtf8, (bytes) => {
        expect(withoutOffset(decodeUtf8(bytes, 'strip'))).toEqual(reference(bytes));
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees with the fatal TextDecoder on every code point, alone and among others', () => {
    const all: number[] = [];
    for (let c = 0; c <= 0x10ffff; c += c < 0x3000 ? 1 : 61) if (c < 0xd800 || c > 0xdfff) all.push(c);
    const text = String.fromCodePoint(...all);
    const bytes = new TextEncoder().encode(text);
    expect(decodeUtf8(bytes, 'strip')).toEqual({ ok: true, text });
  });

  it('converts ASCII, Latin-1 and two-byte text alike, at every size up to several pieces', () => {
    for (const unit of ['a', 'é', '中', '😀', 'a中', 'é\u{1F600}x']) {
      for (const count of [0, 1, 100, 40_000, 300_000]) {
        const text = unit.repeat(count);
        const bytes = new TextEncoder().encode(text);
        expect(decodeUtf8(bytes, 'strip')).toEqual({ ok: true, text });
      }
    }
  });

  it('strips one leading byte order mark and keeps a second one as text', () => {
    const twice = Uint8Array.from([...BOM, ...BOM, 0x61]);
    expect(decodeUtf8(twice, 'strip')).toEqual({ ok: true, text: '\uFEFFa' });
    expect(decodeUtf8(Uint8Array.from([0x61, ...BOM]), 'strip')).toEqual({ ok: true, text: 'a\uFEFF' });
    expect(decodeUtf8(twice, 'reject')).toEqual({ ok: false, code: 'read.bom', offset: 0 });
  });

  it('refuses ill-formed text with the offset of its first bad byte', () => {
    const bytes = Uint8Array.from([0x61, 0xc3, 0xa9, 0xed, 0xa0, 0x80, 0x62]);
    expect(decodeUtf8(bytes, 'strip')).toEqual({ ok: false, code: 'read.invalid_utf8', offset: 3 });
    expect(decodeUtf8(Uint8Array.from([...BOM, 0xff]), 'strip')).toMatchObject({ offset: 3 });
  });
});

describe('decodeUtf8Paced', () => {
  const large = new TextEncoder().encode('中a'.repeat(100_000));

  it('decodes a large body as decodeUtf8 does, after letting the event loop turn', async () => {
    let pauses = 0;
    const result = await decodeUtf8Paced(large, 'strip', () => {
      pauses++;
      return Promise.resolve(true);
    });
    expect(result).toEqual(decodeUtf8(large, 'strip'));
    expect(pauses).toBe(1);
  });

  it('stops when the pause says so, and decodes a small body without asking', async () => {
    expect(await decodeUtf8Paced(large, 'strip', () => Promise.resolve(false))).toBeUndefined();
    const small = new TextEncoder().encode('{"a":"é"}');
    const result = await decodeUtf8Paced(small, 'strip', () => {
      throw new Error('a small body must not pause');
    });
    expect(result).toEqual({ ok: true, text: '{"a":"é"}' });
  });

  it('reports an ill-formed large body exactly as decodeUtf8 does', async () => {
    const bad = Uint8Array.from([...large.subarray(0, 90_001), 0xc0, 0xaf]);
    expect(await decodeUtf8Paced(bad, 'strip', () => undefined)).toEqual(decodeUtf8(bad, 'strip'));
    expect(decodeUtf8(bad, 'strip')).toMatchObject({ ok: false, code: 'read.invalid_utf8' });
  });
});
