// The cleaning pass of the text purpose: one left-to-right scan that keeps, rewrites or removes specials.
import { breaksAtLineBreaks, breaksNever, planBidiControls, type BidiPlan } from '../../unicode/bidi.js';
import { planListedBidiControls } from '../../unicode/bidi-listed.js';
import { codePointBefore } from '../../unicode/codepoint.js';
import { isRgiEmoji } from '../../unicode/emoji.js';
import { classifySpecial, isRemovable, nextSpecial, type SpecialClass } from '../../unicode/special.js';
import { CANCEL_TAG } from '../../unicode/tags.js';
import { isVariationBase } from '../../unicode/variation.js';
import { keepsInvisible, keepsZeroWidth } from '../../unicode/word-context.js';
import type { HiddenCollector } from './hidden.js';
import type { SpecialTally } from './special-tally.js';
import type { ResolvedTextOptions } from './options.js';

/** Where cleaning records what it did: the per-class tally and the smuggled payloads it decoded. */
export interface CleaningRecord {
  readonly tally: SpecialTally;
  readonly hidden: HiddenCollector;
}

/** What to put in place of one special: a replacement or nothing, or `null` to keep the input as it is. */
interface Decision {
  readonly output: string | null;
  /** How many UTF-16 units of input the decision covers. */
  readonly units: number;
}

const KEEP_ONE: Decision = Object.freeze({ output: null, units: 1 });
const KEEP_TWO: Decision = Object.freeze({ output: null, units: 2 });
const REMOVE_ONE: Decision = Object.freeze({ output: '', units: 1 });
const REMOVE_TWO: Decision = Object.freeze({ output: '', units: 2 });

/** UTF-16 length of the longest tag run worth testing: far more tags than any RGI tag sequence has. */
const LONGEST_TAG_SPEC = 2 * 32;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const TAB = 0x09;

/**
 * What a scan already knows about a text before cleaning it: the UTF-16 index of every special code point
 * in order (`undefined` when unknown: cleaning then searches for them), and whether NFC may change it.
 */
export interface CleaningStart {
  readonly specials: readonly number[] | undefined;
  readonly mayChangeUnderNfc: boolean;
  /** False when the scan found no code point in a right-to-left block; unknown when absent. */
  readonly rightToLeft?: boolean;
}

/**
 * Removes what does not belong and rewrites line breaks, visiting only special code points (everything
 * between them is copied as one slice), and returns the result (not yet NFC). Each decision reads the input
 * around the special, never the output, and only characters that are never removed decide whether another
 * is kept, so cleaning already-clean text changes nothing. `specials` lists where the special code points
 * are, when a scan of this very text already found them.
 */
export function removeSpecials(
  text: string,
  options: ResolvedTextOptions,
  record: CleaningRecord,
  specials?: readonly number[],
  rightToLeft = true,
): string {
  const scan = new Scan(text, options, record.tally, record.hidden, specials, rightToLeft);
  const cursor = new SpecialCursor(text, !options.multiline, specials);
  let out = '';
  let copied = 0;
  for (let index = cursor.from(0); index < text.length;) {
    const decision = scan.decide(index, text.codePointAt(index) ?? 0);
    const next = index + decision.units;
    if (decision.output !== null) {
      out += text.slice(copied, index) + decision.output;
      copied = next;
    }
    index = cursor.from(next);
  }
  record.hidden.closeRuns();
  return copied === 0 ? text : out + text.slice(copied);
}

/** Walks a text's special code points in order: through a scan's list of them, or by searching. */
class SpecialCursor {
  private listed = 0;

  constructor(
    private readonly text: string,
    private readonly withLayout: boolean,
    private readonly known: readonly number[] | undefined,
  ) {}

  /** The index of the first special code point at or after `from`, or the text's length. */
  from(from: number): number {
    const known = this.known;
    if (known === undefined) return nextSpecial(this.text, from, this.withLayout);
    while (this.listed < known.length && (known[this.listed] ?? 0) < from) this.listed++;
    return known[this.listed] ?? this.text.length;
  }
}

class Scan {
  private bidi: BidiPlan | undefined;

  constructor(
    private readonly text: string,
    private readonly options: ResolvedTextOptions,
    private readonly tally: SpecialTally,
    private readonly hidden: HiddenCollector,
    private readonly specials: readonly number[] | undefined,
    private readonly rightToLeft: boolean,
  ) {}

  decide(index: number, codePoint: number): Decision {
    const specialClass = classifySpecial(codePoint) ?? 'invisible';
    const kept = codePoint > 0xffff ? KEEP_TWO : KEEP_ONE;
    switch (specialClass) {
      case 'line_break':
        return this.lineBreak(index, codePoint);
      case 'control':
        if (codePoint === TAB) return this.replace(specialClass, codePoint, ' ', 1);
        break;
      case 'bidi_control': {
        this.bidi ??= this.planBidi();
        const verdict = this.bidi.verdictAt(index);
        if (verdict === 'keep') return kept;
        return this.remove(specialClass, codePoint, kept.units, verdict);
      }
      case 'zero_width':
        if (keepsZeroWidth(this.text, index, codePoint)) return kept;
        break;
      case 'invisible':
        if (keepsInvisible(this.text, index, codePoint)) return kept;
        break;
      case 'tag_characters':
        return this.tagRun(index);
      case 'variation_selector': {
        if (isVariationBase(codePoint, codePointBefore(this.text, index))) return kept;
        this.hidden.addSelector(index, codePoint);
        break;
      }
      case 'private_use':
        if (this.options.privateUse === 'keep') return kept;
        break;
      case 'noncharacter':
      case 'annotation':
        break;
    }
    return this.remove(specialClass, codePoint, kept.units);
  }

  /** The verdicts of the text's bidi controls: from the scan's list of specials when there is one. */
  private planBidi(): BidiPlan {
    const multiline = this.options.multiline;
    if (this.specials !== undefined)
      return planListedBidiControls(this.text, multiline, this.specials, this.rightToLeft);
    return planBidiControls(this.text, multiline ? breaksAtLineBreaks : breaksNever);
  }

  /** Line feed and CRLF stay in multi-line text; every other break becomes a line feed, or a space. */
  private lineBreak(index: number, codePoint: number): Decision {
    const crlf = codePoint === CARRIAGE_RETURN && this.text.charCodeAt(index + 1) === LINE_FEED;
    if (this.options.multiline) {
      return crlf ? KEEP_ONE : this.replace('line_break', codePoint, '\n', 1);
    }
    return this.replace('line_break', codePoint, ' ', crlf ? 2 : 1);
  }

  /**
   * A run of tag characters survives only as the tail of an RGI emoji tag sequence on the character before
   * it (a subdivision flag), up to its CANCEL TAG; everything else in the run is removed and decoded.
   */
  private tagRun(index: number): Decision {
    let end = index;
    let cancel = -1;
    for (let tag = this.text.codePointAt(end) ?? 0; classifySpecial(tag) === 'tag_characters';) {
      if (tag === CANCEL_TAG && cancel < 0) cancel = end;
      end += 2;
      tag = this.text.codePointAt(end) ?? 0;
    }
    const base = codePointBefore(this.text, index);
    let output = '';
    let from = index;
    if (base >= 0 && !isRemovable(base) && cancel >= 0 && cancel - index <= LONGEST_TAG_SPEC) {
      const sequence = this.text.slice(index, cancel + 2);
      if (isRgiEmoji(String.fromCodePoint(base) + sequence)) [output, from] = [sequence, cancel + 2];
    }
    for (let at = from; at < end; at += 2) {
      const tag = this.text.codePointAt(at) ?? 0;
      this.tally.record('tag_characters', tag);
      this.hidden.addTag(at, tag);
    }
    return { output, units: end - index };
  }

  private replace(specialClass: SpecialClass, codePoint: number, output: string, units: number): Decision {
    this.tally.record(specialClass, codePoint);
    return { output, units };
  }

  private remove(specialClass: SpecialClass, codePoint: number, units: number, reason?: string): Decision {
    this.tally.record(specialClass, codePoint, reason);
    return units === 1 ? REMOVE_ONE : units === 2 ? REMOVE_TWO : { output: '', units };
  }
}
