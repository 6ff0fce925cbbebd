// Cleaning to a stable NFC: passes of special-character removal and NFC, sparing what a scan already proved.
import { scanText, type TextScan } from '../../unicode/word-scan.js';
import type { Finding } from '../../vocabulary/finding.js';
import { SpecialTally } from './special-tally.js';
import { HiddenCollector, type TextHiddenPayload } from './hidden.js';
import type { ResolvedTextOptions } from './options.js';
import { removeSpecials, type CleaningRecord, type CleaningStart } from './scan.js';

/** What cleaning made of a text: the result (NFC), one finding per class it acted on, decoded payloads. */
export interface CleanedText {
  readonly value: string;
  readonly findings: readonly Finding[];
  readonly hidden: readonly TextHiddenPayload[];
  /** A scan of `value` (words only), when cleaning made one to learn that it needs no NFC. */
  readonly scan?: TextScan;
}

/** What the first cleaning pass may assume when nothing is known: specials must be searched, NFC applied. */
export const NOTHING_KNOWN: CleaningStart = Object.freeze({ specials: undefined, mayChangeUnderNfc: true });

const NO_FINDINGS: readonly Finding[] = Object.freeze([]);
const NO_HIDDEN: readonly TextHiddenPayload[] = Object.freeze([]);

/** What the passes learned on the way: a scan of the result, when one was made. */
interface PassNotes {
  scan: TextScan | undefined;
}

/** Cleaning passes at most: real text needs one, text whose marks NFC reorders two; more bounds the cost. */
const MAX_PASSES = 8;

/**
 * Cleans, then normalizes to NFC. NFC can reorder combining marks or compose characters that a removal
 * brought together, which may change the neighbours a kept joiner was judged by; when NFC changed anything,
 * the result is cleaned again, until a pass changes nothing. Text that is already NFC takes one pass. After
 * the first pass nothing is rewritten and NFC text never lengthens under NFC, so each further pass that
 * changes the text shortens it; the cap keeps even contrived input to a fixed number of linear passes.
 * `start` spares the first pass what a scan already proved: cleaning visits the specials the scan listed
 * (none at all when there are none), and text without an NFC-sensitive character needs no NFC (removing
 * characters or rewriting line breaks cannot bring one in). When the scanned text may change under NFC but
 * the first pass removed something, the result is scanned for its words, which also says whether it still
 * holds an NFC-sensitive character (removed variation selectors are): if not, NFC is skipped, and the caller
 * judges the words of that scan instead of scanning the result again.
 */
export function cleanText(text: string, policy: ResolvedTextOptions, start: CleaningStart): CleanedText {
  const record: CleaningRecord = { tally: new SpecialTally(), hidden: new HiddenCollector() };
  const notes: PassNotes = { scan: undefined };
  const value = cleanToNormalForm(text, policy, record, start, notes);
  const scan = notes.scan === undefined ? {} : { scan: notes.scan };
  if (record.tally.isEmpty()) return { value, findings: NO_FINDINGS, hidden: NO_HIDDEN, ...scan };
  const hidden = record.hidden.finish(record.tally);
  return { value, findings: record.tally.findings(policy), hidden, ...scan };
}

function cleanToNormalForm(
  text: string,
  policy: ResolvedTextOptions,
  record: CleaningRecord,
  start: CleaningStart,
  notes: PassNotes,
): string {
  let current = text;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const specials = pass === 0 ? start.specials : undefined;
    const rightToLeft = pass > 0 || start.rightToLeft !== false;
    const cleaned =
      specials?.length === 0 ? current : removeSpecials(current, policy, record, specials, rightToLeft);
    if (pass > 0 && cleaned === current) return current;
    const scan = pass === 0 && start.mayChangeUnderNfc && specials !== undefined && cleaned !== current;
    notes.scan = scan ? scanText(cleaned, false) : undefined;
    const skipsNfc = pass === 0 && (!start.mayChangeUnderNfc || notes.scan?.mayChangeUnderNfc === false);
    current = skipsNfc ? cleaned : cleaned.normalize('NFC');
    if (current === cleaned) return current;
    notes.scan = undefined;
  }
  return current;
}
