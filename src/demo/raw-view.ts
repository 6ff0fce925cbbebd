// The "without Airlock" view of a case: its raw tool output as bounded, inert text, built from the pack.
import { open } from 'node:fs/promises';
import type { LoadedCase } from '../packs/pack.js';
import { generatedLength } from '../packs/materialize.js';
import { pathInside } from '../packs/paths.js';
import type { RawView } from './script.js';

/** The most bytes of a body the view shows; the rest is counted, not sent to the page. */
export const RAW_VIEW_MAX_BYTES = 4096;

const decoder = new TextDecoder('utf-8', { fatal: false });

/**
 * What the tool sent in a case, as text a page shows with `textContent`: a JSON body pretty-printed, a text body
 * as written, a base64 or file body decoded as UTF-8 (invalid bytes as U+FFFD), a generated body built only as
 * far as it is shown. At most {@link RAW_VIEW_MAX_BYTES} bytes of the body are read or built. Never throws: an
 * unreadable file shows as an empty body.
 */
export async function rawView(testCase: LoadedCase, packDir: string): Promise<RawView> {
  const { input, transport } = testCase;
  const facts = {
    ...(transport.status === undefined ? {} : { status: transport.status }),
    ...(transport.contentType === undefined ? {} : { contentType: transport.contentType }),
    ...(transport.contentEncoding === undefined ? {} : { contentEncoding: transport.contentEncoding }),
  };
  if ('json' in input) {
    const bytes = Buffer.byteLength(JSON.stringify(input.json));
    return { ...facts, form: 'json', ...bounded(JSON.stringify(input.json, null, 2)), bytes };
  }
  if ('text' in input) return { ...facts, form: 'text', ...bounded(input.text) };
  if ('base64' in input)
    return { ...facts, form: 'base64', ...fromBytes(Buffer.from(input.base64, 'base64')) };
  if ('file' in input) return { ...facts, form: 'file', ...(await fromFile(packDir, input.file)) };
  const { prefix = '', piece, repeat, suffix = '' } = input.generate;
  const shown = Math.min(repeat, Math.ceil(RAW_VIEW_MAX_BYTES / Math.max(1, piece.length)));
  const view = bounded(prefix + piece.repeat(shown) + (shown === repeat ? suffix : ''));
  const bytes = generatedLength(input.generate);
  return { ...facts, form: 'generate', ...view, bytes, truncated: view.truncated || shown < repeat };
}

function bounded(text: string): Pick<RawView, 'text' | 'bytes' | 'truncated'> {
  return fromBytes(Buffer.from(text, 'utf8'));
}

function fromBytes(
  bytes: Uint8Array,
  total: number = bytes.length,
): Pick<RawView, 'text' | 'bytes' | 'truncated'> {
  const truncated = total > RAW_VIEW_MAX_BYTES;
  // A cut inside a multi-byte character decodes to U+FFFD at the end, which says the text goes on.
  const text = decoder.decode(truncated ? bytes.subarray(0, RAW_VIEW_MAX_BYTES) : bytes);
  return { text, bytes: total, truncated };
}

async function fromFile(
  packDir: string,
  name: string,
): Promise<Pick<RawView, 'text' | 'bytes' | 'truncated'>> {
  const path = pathInside(packDir, name);
  if (path === undefined) return fromBytes(new Uint8Array(0));
  try {
    const file = await open(path, 'r');
    try {
      const { size } = await file.stat();
      const buffer = new Uint8Array(Math.min(size, RAW_VIEW_MAX_BYTES));
      const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
      return fromBytes(buffer.subarray(0, bytesRead), size);
    } finally {
      await file.close();
    }
  } catch {
    return fromBytes(new Uint8Array(0));
  }
}
