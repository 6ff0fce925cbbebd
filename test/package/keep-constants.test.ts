// The bundle plugin writes a top-level constant with `const` again only where nothing else assigns it.
import { describe, expect, test } from 'vitest';
import { keepConstants } from '../../scripts/keep-constants.js';

describe('keepConstants', () => {
  test('numbers, tables built at once, method constants and destructured names become const', () => {
    const code = [
      'var QUOTE = 34;',
      'var NEGATIVE = -1;',
      'var MASK = 0x7fffffff;',
      'var charCodeAt = String.prototype.charCodeAt;',
      'var STOPS = (() => {',
      '  const table = new Uint8Array(4);',
      '  return table;',
      '})();',
      'var { run: RUN, rare } = KINDS;',
      'function scan(text, i) {',
      '  return STOPS[charCodeAt.call(text, i)] === QUOTE + NEGATIVE + MASK + RUN + rare;',
      '}',
    ].join('\n');
    const kept = keepConstants(code).split('\n');
    expect(kept.slice(0, 5)).toEqual([
      'const QUOTE = 34;',
      'const NEGATIVE = -1;',
      'const MASK = 0x7fffffff;',
      'const charCodeAt = String.prototype.charCodeAt;',
      'const STOPS = (() => {',
    ]);
    expect(kept[8]).toBe('const { run: RUN, rare } = KINDS;');
  });

  test.each([
    ['an assignment', 'COUNT = 2;'],
    ['a compound assignment', 'COUNT += 2;'],
    ['a logical assignment', 'COUNT ??= 2;'],
    ['an increment', 'COUNT++;'],
    ['a prefix decrement', '--COUNT;'],
  ])('a binding the file changes elsewhere stays var: %s', (_, change) => {
    const code = ['var COUNT = 1;', 'var { a: COUNT2 } = source;', `function f() { ${change} COUNT2 = 3; }`];
    expect(keepConstants(code.join('\n'))).toBe(code.join('\n'));
  });

  test('reading, comparing, a property of the same name and an arrow are not assignments', () => {
    const code =
      'var LIMIT = 8;\nfunction f(o) { o.LIMIT = 1; return LIMIT === 8 && [LIMIT].map((LIMIT2) => LIMIT2 >= LIMIT); }';
    expect(keepConstants(code).startsWith('const LIMIT = 8;')).toBe(true);
  });

  test('declarations that are not top level or not constant-shaped are left alone', () => {
    const code = [
      '  var inner = 1;',
      'var name = compute();',
      'var text = "a";',
      'var later;',
      'later = 2;',
    ].join('\n');
    expect(keepConstants(code)).toBe(code);
  });
});
