// JSONTestSuite conformance: n_ refused, y_ accepted (two stated deviations), i_ decided by a table.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJson } from '../../src/json/parse.js';
import { decodeUtf8 } from '../../src/read/decode.js';
import { corpusPath } from '../support/corpora.js';

/** What Airlock does with an implementation-defined file, the code it refuses with, and why. */
type Decision =
  | { readonly decision: 'accept'; readonly reason: string }
  | {
      readonly decision: 'reject';
      readonly code: `read.${string}` | `parse.${string}`;
      readonly reason: string;
    };

/**
 * y_ files refused on purpose: RFC 8259 allows duplicate names, Airlock does not (parsers disagree on them).
 */
const DEVIATIONS: Readonly<Record<string, string>> = {
  'y_object_duplicated_key.json': 'duplicate member names are refused (parse.duplicate_key)',
  'y_object_duplicated_key_and_value.json': 'duplicate member names are refused even with equal values',
};

/** Airlock's decision for every implementation-defined file, with the reason. */
const IMPLEMENTATION_DEFINED: Readonly<Record<string, Decision>> = {
  'i_number_double_huge_neg_exp.json': {
    decision: 'accept',
    reason: 'underflow to 0 loses precision but not meaning',
  },
  'i_number_huge_exp.json': {
    decision: 'reject',
    code: 'parse.number_overflow',
    reason: 'overflows to Infinity',
  },
  'i_number_neg_int_huge_exp.json': {
    decision: 'reject',
    code: 'parse.number_overflow',
    reason: 'overflows to -Infinity',
  },
  'i_number_pos_double_huge_exp.json': {
    decision: 'reject',
    code: 'parse.number_overflow',
    reason: 'overflows to Infinity',
  },
  'i_number_real_neg_overflow.json': {
    decision: 'reject',
    code: 'parse.number_overflow',
    reason: 'overflows to -Infinity',
  },
  'i_number_real_pos_overflow.json': {
    decision: 'reject',
    code: 'parse.number_overflow',
    reason: 'overflows to Infinity',
  },
  'i_number_real_underflow.json': {
    decision: 'accept',
    reason: 'underflow to 0 loses precision but not meaning',
  },
  'i_number_too_big_neg_int.json': {
    decision: 'reject',
    code: 'parse.unsafe_integer',
    reason: 'integer literal beyond -(2^53-1)',
  },
  'i_number_too_big_pos_int.json': {
    decision: 'reject',
    code: 'parse.unsafe_integer',
    reason: 'integer literal beyond 2^53-1',
  },
  'i_number_very_big_negative_int.json': {
    decision: 'reject',
    code: 'parse.unsafe_integer',
    reason: 'integer literal beyond -(2^53-1)',
  },
  'i_object_key_lone_2nd_surrogate.json': {
    decision: 'reject',
    code: 'parse.lone_surrogate',
    reason: 'lone surrogate escape in a member name',
  },
  'i_string_1st_surrogate_but_2nd_missing.json': {
    decision: 'reject',
    code: 'parse.lone_surrogate',
    reason: 'lone surrogate escape',
  },
  'i_string_1st_valid_surrogate_2nd_invalid.json': {
    decision: 'reject',
    code: 'parse.lone_surrogate',
    reason: 'high surrogate escape not followed by a low one',
  },
  'i_string_UTF-16LE_with_BOM.json': { decision: 'reject', code: 'read.invalid_utf8', reason: 'not UTF-8' },
  'i_string_UTF-8_invalid_sequence.json': {
    decision: 'reject',
    code: 'read.invalid_utf8',
    reason: 'ill-formed UTF-8',
  },
  'i_string_UTF8_surrogate_U+D800.json': {
    decision: 'reject',
    code: 'read.invalid_utf8',
    reason: 'UTF-8 encoded surrogate is ill-formed',
  },
  'i_string_incomplete_surrogate_and_escape_valid.json': {
    decision: 'reject',
    code: 'parse.lone_surrogate',
    reason: 'lone surrogate escape',
  },
  'i_string_incomplete_surrogate_pair.json': {
    decision: 'reject',
    code: 'parse.lone_surrogate',
    reason: 'lone surrogate escape',
  },
  'i_string_incomplete_surrogates_escape_valid.json': {
    decision: 'reject',
    code: 'parse.lone_surrogate',
    reason: 'lone surrogate escapes',
  },
  'i_string_invalid_lonely_surrogate.json': {
    decision: 'reject',
    code: 'parse.lone_surrogate',
    reason: 'lone surrogate escape',
  },
  'i_string_invalid_surrogate.json': {
    decision: 'reject',
    code: 'parse.lone_surrogate',
    reason: 'lone surrogate escape',
  },
  'i_string_invalid_utf-8.json': {
    decision: 'reject',
    code: 'read.invalid_utf8',
    reason: 'ill-formed UTF-8',
  },
  'i_string_inverted_surrogates_U+1D11E.json': {
    decision: 'reject',
    code: 'parse.lone_surrogate',
    reason: 'low surrogate escape before a high one',
  },
  'i_string_iso_latin_1.json': {
    decision: 'reject',
    code: 'read.invalid_utf8',
    reason: 'Latin-1 byte is ill-formed UTF-8',
  },
  'i_string_lone_second_surrogate.json': {
    decision: 'reject',
    code: 'parse.lone_surrogate',
    reason: 'lone surrogate escape',
  },
  'i_string_lone_utf8_continuation_byte.json': {
    decision: 'reject',
    code: 'read.invalid_utf8',
    reason: 'ill-formed UTF-8',
  },
  'i_string_not_in_unicode_range.json': {
    decision: 'reject',
    code: 'read.invalid_utf8',
    reason: 'code point above U+10FFFF',
  },
  'i_string_overlong_sequence_2_bytes.json': {
    decision: 'reject',
    code: 'read.invalid_utf8',
    reason: 'overlong UTF-8',
  },
  'i_string_overlong_sequence_6_bytes.json': {
    decision: 'reject',
    code: 'read.invalid_utf8',
    reason: 'overlong UTF-8',
  },
  'i_string_overlong_sequence_6_bytes_null.json': {
    decision: 'reject',
    code: 'read.invalid_utf8',
    reason: 'overlong UTF-8',
  },
  'i_string_truncated-utf-8.json': {
    decision: 'reject',
    code: 'read.invalid_utf8',
    reason: 'truncated UTF-8',
  },
  'i_string_utf16BE_no_BOM.json': {
    decision: 'reject',
    code: 'read.invalid_utf8',
    reason: 'UTF-16 text is not UTF-8',
  },
  'i_string_utf16LE_no_BOM.json': {
    decision: 'reject',
    code: 'read.invalid_utf8',
    reason: 'UTF-16 text is not UTF-8',
  },
  'i_structure_500_nested_arrays.json': {
    decision: 'reject',
    code: 'parse.depth',
    reason: 'deeper than the default depth limit',
  },
  'i_structure_UTF-8_BOM_empty_object.json': {
    decision: 'reject',
    code: 'read.bom',
    reason: 'byte order mark refused by default',
  },
};

/** The file's fate through the read stage's decoder and the parser, both with default settings. */
function outcome(path: string): { readonly ok: true } | { readonly ok: false; readonly code: string } {
  const decoded = decodeUtf8(readFileSync(path), 'reject');
  if (!decoded.ok) return { ok: false, code: decoded.code };
  const parsed = parseJson(decoded.text);
  return parsed.ok ? { ok: true } : { ok: false, code: parsed.error.code };
}

function accepts(path: string): boolean {
  return outcome(path).ok;
}

const root = corpusPath('json/JSONTestSuite');

describe.skipIf(root === undefined)('JSONTestSuite', () => {
  const files = root === undefined ? [] : readdirSync(root).filter((name) => name.endsWith('.json'));
  const ofKind = (prefix: string): string[] => files.filter((name) => name.startsWith(prefix));

  it('holds the expected number of cases', () => {
    expect([ofKind('y_').length, ofKind('n_').length, ofKind('i_').length]).toEqual([95, 188, 35]);
  });

  it.each(ofKind('n_'))('refuses %s', (name) => {
    expect(accepts(join(root ?? '', name))).toBe(false);
  });

  it.each(ofKind('y_'))('accepts %s (or refuses a listed deviation)', (name) => {
    expect(accepts(join(root ?? '', name))).toBe(DEVIATIONS[name] === undefined);
  });

  it.each(ofKind('i_'))('decides %s as the table says', (name) => {
    const entry = IMPLEMENTATION_DEFINED[name];
    expect(entry, `${name} is missing from the decision table`).toBeDefined();
    const expected = entry?.decision === 'reject' ? { ok: false, code: entry.code } : { ok: true };
    expect(outcome(join(root ?? '', name))).toEqual(expected);
  });

  it('has a decision for exactly the i_ files present, and deviations only for y_ files present', () => {
    expect(Object.keys(IMPLEMENTATION_DEFINED).sort()).toEqual(ofKind('i_').sort());
    for (const name of Object.keys(DEVIATIONS)) expect(files).toContain(name);
  });

  it('refuses the duplicate-key deviations for the stated reason', () => {
    for (const name of Object.keys(DEVIATIONS)) {
      expect(outcome(join(root ?? '', name))).toEqual({ ok: false, code: 'parse.duplicate_key' });
    }
  });
});
