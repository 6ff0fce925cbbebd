// Remembers a yes/no answer per code point, so a question asked of every character costs one array read.

const PAGE_BITS = 8;
const PAGE_SIZE = 1 << PAGE_BITS;
const NOT_ASKED = 0;
const YES = 1;
const NO = 2;

/**
 * A yes/no property of code points computed by `decide` at most once per code point. Answers live in pages
 * of 256 code points made when first needed, so memory follows the code points actually asked about (at
 * most 1.1 MB for all of them).
 */
export class CodePointMemo {
  private readonly pages: (Uint8Array | undefined)[] = [];

  constructor(private readonly decide: (codePoint: number) => boolean) {}

  /** The answer for `codePoint` (0 to U+10FFFF); anything else is asked of `decide` every time. */
  has(codePoint: number): boolean {
    if (codePoint < 0 || codePoint > 0x10ffff) return this.decide(codePoint);
    const pageIndex = codePoint >> PAGE_BITS;
    let page = this.pages[pageIndex];
    if (page === undefined) {
      page = new Uint8Array(PAGE_SIZE);
      this.pages[pageIndex] = page;
    }
    const offset = codePoint & (PAGE_SIZE - 1);
    let answer = page[offset] ?? NOT_ASKED;
    if (answer === NOT_ASKED) {
      answer = this.decide(codePoint) ? YES : NO;
      page[offset] = answer;
    }
    return answer === YES;
  }
}
