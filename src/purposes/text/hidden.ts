// Collects smuggled payloads (tag-character ASCII, variation-selector bytes) for the operator's audit record.
import { createHash } from 'node:crypto';
import { tagToAscii } from '../../unicode/tags.js';
import { variationSelectorByte } from '../../unicode/variation.js';
import type { HiddenPayload } from '../purpose.js';
import type { SpecialTally } from './special-tally.js';

/** A decoded payload: tag characters as the ASCII they shadow, or variation selectors as bytes in hex. */
export interface TextHiddenPayload extends HiddenPayload {
  readonly kind: 'tag_ascii' | 'variation_selectors';
  readonly decoded: string;
}

interface Run {
  decoded: string;
  end: number;
}

/** Every byte as two lowercase hex digits. */
const HEX_BYTES: readonly string[] = Array.from({ length: 256 }, (_, byte) =>
  byte.toString(16).padStart(2, '0'),
);

/**
 * Groups removed tag characters and variation selectors into payloads, one per run of adjacent removed
 * code points in the input. Payload text goes only to {@link HiddenCollector.payloads}; findings get counts,
 * lengths and a digest.
 */
export class HiddenCollector {
  private readonly done: TextHiddenPayload[] = [];
  private tags: Run | undefined;
  private selectors: Run | undefined;

  /** Adds a removed tag character found at UTF-16 `index`. */
  addTag(index: number, codePoint: number): void {
    if (this.tags?.end !== index) this.tags = this.flush(this.tags, 'tag_ascii', index);
    this.tags.decoded += tagToAscii(codePoint);
    this.tags.end = index + 2;
  }

  /** Adds a removed variation selector found at UTF-16 `index`. */
  addSelector(index: number, codePoint: number): void {
    const byte = variationSelectorByte(codePoint);
    if (byte < 0) return;
    if (this.selectors?.end !== index)
      this.selectors = this.flush(this.selectors, 'variation_selectors', index);
    this.selectors.decoded += HEX_BYTES[byte] as string;
    this.selectors.end = index + (codePoint > 0xffff ? 2 : 1);
  }

  /** Ends the open runs: the next index starts new payloads (called when a cleaning pass ends). */
  closeRuns(): void {
    this.flush(this.tags, 'tag_ascii', -1);
    this.flush(this.selectors, 'variation_selectors', -1);
    this.tags = this.selectors = undefined;
  }

  /** Every payload; notes their counts, total length and a digest on the tally. */
  finish(tally: SpecialTally): TextHiddenPayload[] {
    this.closeRuns();
    noteKind(tally, 'tag_characters', this.done, 'tag_ascii');
    noteKind(tally, 'variation_selector', this.done, 'variation_selectors');
    return this.done;
  }

  private flush(run: Run | undefined, kind: TextHiddenPayload['kind'], next: number): Run {
    if (run !== undefined && run.decoded !== '') this.done.push({ kind, decoded: run.decoded });
    return { decoded: '', end: next };
  }
}

/** Notes on `specialClass` how many payloads of `kind` there are, their decoded length and their digest. */
function noteKind(
  tally: SpecialTally,
  specialClass: 'tag_characters' | 'variation_selector',
  payloads: readonly TextHiddenPayload[],
  kind: TextHiddenPayload['kind'],
): void {
  let count = 0;
  let joined = '';
  for (const payload of payloads) {
    if (payload.kind !== kind) continue;
    joined += count === 0 ? payload.decoded : '\n' + payload.decoded;
    count++;
  }
  if (count === 0) return;
  tally.note(specialClass, 'payloads', count);
  tally.note(specialClass, 'decodedLength', joined.length - (count - 1));
  tally.note(specialClass, 'digest', digestOf(joined));
}

/** Payloads up to this length have their digest remembered (the same payload is often sent again and again). */
const REMEMBERED_LENGTH = 1024;
/** How many digests are remembered: the oldest is forgotten first. */
const REMEMBERED_DIGESTS = 128;
const digests = new Map<string, string>();

/** The first 16 hex digits of the SHA-256 of `joined`, computed once per distinct short payload. */
function digestOf(joined: string): string {
  const known = digests.get(joined);
  if (known !== undefined) return known;
  const digest = createHash('sha256').update(joined).digest('hex').slice(0, 16);
  if (joined.length > REMEMBERED_LENGTH) return digest;
  if (digests.size >= REMEMBERED_DIGESTS) digests.delete(digests.keys().next().value ?? '');
  digests.set(joined, digest);
  return digest;
}
