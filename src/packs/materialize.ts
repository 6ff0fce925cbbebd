// Turns a case's input and transport facts into the raw input the gate receives, compressing when asked.
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, deflate, gzip } from 'node:zlib';
import type { TransportEnvelope } from '../read/input.js';
import type { CaseInput, GeneratedInput, TransportSpec } from './pack.js';
import { pathInside } from './paths.js';

/** The largest body a case may materialize, before compression: 64 MiB. */
export const MAX_INPUT_BYTES = 64 * 1024 * 1024;

const ENCODERS = Object.freeze({
  gzip: promisify(gzip),
  deflate: promisify(deflate),
  br: promisify(brotliCompress),
});

/** The raw input of a case, or why it could not be built (a file that vanished or grew since loading). */
export type MaterializedInput =
  | { readonly ok: true; readonly raw: TransportEnvelope; readonly bodyBytes: number }
  | { readonly ok: false; readonly code: 'input.unreadable' | 'input.too_large' };

/** The UTF-8 size of a generated body, computed without building it. */
export function generatedLength(spec: GeneratedInput): number {
  return (
    Buffer.byteLength(spec.prefix ?? '') +
    Buffer.byteLength(spec.piece) * spec.repeat +
    Buffer.byteLength(spec.suffix ?? '')
  );
}

/**
 * Builds the body bytes of a case (text and generated bodies as UTF-8, JSON compactly serialized, base64
 * decoded, files read from the pack folder), applies the content encoding the transport names, and wraps it
 * in a transport envelope with the case's status, content type and tool-error flag. Never throws.
 */
export async function materializeInput(
  input: CaseInput,
  transport: TransportSpec,
  packDir: string,
): Promise<MaterializedInput> {
  if ('generate' in input && generatedLength(input.generate) > MAX_INPUT_BYTES) {
    return { ok: false, code: 'input.too_large' };
  }
  let bytes: Uint8Array;
  try {
    const body = await bodyBytes(input, packDir);
    if (body === undefined) return { ok: false, code: 'input.unreadable' };
    bytes = body;
  } catch {
    return { ok: false, code: 'input.unreadable' };
  }
  if (bytes.length > MAX_INPUT_BYTES) return { ok: false, code: 'input.too_large' };
  const encoding = transport.contentEncoding;
  const encoded = encoding === undefined || encoding === 'identity' ? bytes : await ENCODERS[encoding](bytes);
  return {
    ok: true,
    bodyBytes: bytes.length,
    raw: {
      body: new Uint8Array(encoded.buffer, encoded.byteOffset, encoded.byteLength),
      ...(transport.status === undefined ? {} : { status: transport.status }),
      ...(transport.contentType === undefined ? {} : { contentType: transport.contentType }),
      ...(encoding === undefined ? {} : { contentEncoding: encoding }),
      ...(transport.toolError === undefined ? {} : { toolError: transport.toolError }),
    },
  };
}

async function bodyBytes(input: CaseInput, packDir: string): Promise<Uint8Array | undefined> {
  if ('text' in input) return Buffer.from(input.text, 'utf8');
  if ('json' in input) return Buffer.from(JSON.stringify(input.json), 'utf8');
  if ('base64' in input) return Buffer.from(input.base64, 'base64');
  if ('file' in input) {
    const path = pathInside(packDir, input.file);
    return path === undefined ? undefined : new Uint8Array(await readFile(path));
  }
  const { prefix = '', piece, repeat, suffix = '' } = input.generate;
  return Buffer.from(prefix + piece.repeat(repeat) + suffix, 'utf8');
}
