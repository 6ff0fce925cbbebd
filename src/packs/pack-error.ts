// PackError: a fixture pack that cannot be used, named by file, JSON pointer and what is wrong with it.

/**
 * Thrown while a pack is loaded (a configuration mistake, never a verdict on tool output): the pack file as a
 * relative path, the JSON pointer of the offending member (`''` for the whole file) and what is wrong.
 */
export class PackError extends Error {
  override readonly name = 'PackError';

  constructor(
    /** The file at fault, relative to the working folder. */
    readonly file: string,
    /** A JSON pointer into that file; `''` for the file as a whole. */
    readonly pointer: string,
    /** What is wrong, in words. */
    readonly problem: string,
  ) {
    super(`${file}: ${pointer === '' ? '(whole file)' : pointer}: ${problem}`);
  }
}
