// Frozen data: each JSON Schema Test Suite format case ajv-formats decides differently, with its own reason.

/** Reasons by test description, by group description, by file (relative to the suite's `tests/`). */
type DeviationTable = Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, string>>>>>>;

const DATE_TIME = 'validation of date-time strings';
const DURATION = 'validation of duration strings';
const EMAIL = 'validation of e-mail addresses';
const HOST = 'validation of host names';
const A_LABEL = 'validation of A-label (punycode) host names';

/** The same reason for several cases of one group, each still listed by its own description. */
function alike(reason: string, descriptions: readonly string[]): Readonly<Record<string, string>> {
  return Object.fromEntries(descriptions.map((description) => [description, reason]));
}

/** ajv-formats checks an `xn--` label for letters, digits and hyphens only, never decoding it (IDNA 2008). */
const NOT_DECODED = 'ajv-formats does not decode an xn-- label, so IDNA 2008 (RFC 5891, 5892) is unchecked:';

/**
 * Every format case that fails, one by one: a case not listed here must pass, so a regression in any format
 * (date-time, email, hostname, ipv4, ipv6 …) fails the suite, and so does a listed case that starts to pass.
 */
export const FORMAT_DEVIATIONS: DeviationTable = Object.freeze({
  'optional/format/date-time.json': Object.freeze({
    [DATE_TIME]: Object.freeze({
      'a numeric offset without minutes is invalid':
        'ajv-formats makes the minutes of an offset optional (+01); RFC 3339 requires +hh:mm',
      'hour 24 is invalid even with a leap second':
        'ajv-formats moves a leap second to UTC before checking the hour, so 24:59:60+01:00 reads as 23:59:60Z',
      'a second fraction of fifteen nines is valid':
        'ajv-formats reads the seconds as one JavaScript number: 59.999999999999999 rounds to 60, a leap second',
    }),
  }),
  'optional/format/duration.json': Object.freeze({
    [DURATION]: Object.freeze({
      'years and days cannot appear without months':
        'ajv-formats lets each unit appear alone; RFC 3339 appendix A allows P1Y2D only with months between',
      'hours and seconds cannot appear without minutes':
        'ajv-formats lets each unit appear alone; RFC 3339 appendix A allows PT1H2S only with minutes between',
    }),
  }),
  'optional/format/ecmascript-regex.json': Object.freeze({
    '\\a is not an ECMA 262 control escape': Object.freeze({
      'when used as a pattern':
        'ajv-formats compiles the regex format without the u flag, where \\a is an identity escape',
    }),
  }),
  'optional/format/email.json': Object.freeze({
    [EMAIL]: Object.freeze({
      ...alike('ajv-formats does not accept a quoted local part (RFC 5321 quoted-string)', [
        'a quoted string with a space in the local part is valid',
        'a quoted string with a double dot in the local part is valid',
        'a quoted string with a @ in the local part is valid',
      ]),
      ...alike('ajv-formats does not accept an address literal as the domain (RFC 5321 section 4.1.3)', [
        'an IPv4-address-literal after the @ is valid',
        'an IPv6-address-literal after the @ is valid',
      ]),
    }),
  }),
  'optional/format/hostname.json': Object.freeze({
    [HOST]: Object.freeze({
      'trailing dot': 'ajv-formats accepts a fully qualified name ending in a dot; the suite refuses it',
    }),
    [A_LABEL]: Object.freeze({
      'invalid Punycode': `${NOT_DECODED} xn--X is not Punycode`,
      'contains illegal char U+302E Hangul single dot tone mark': `${NOT_DECODED} U+302E is DISALLOWED`,
      ...alike(`${NOT_DECODED} a label may not begin with a mark`, [
        'Begins with a Spacing Combining Mark',
        'Begins with a Nonspacing Mark',
        'Begins with an Enclosing Mark',
      ]),
      ...alike(`${NOT_DECODED} RFC 5892 exceptions`, [
        'Exceptions that are DISALLOWED, right-to-left chars',
        'Exceptions that are DISALLOWED, left-to-right chars',
      ]),
      ...alike(`${NOT_DECODED} CONTEXTO rule for U+00B7`, [
        "MIDDLE DOT with no preceding 'l'",
        'MIDDLE DOT with nothing preceding',
        "MIDDLE DOT with no following 'l'",
        'MIDDLE DOT with nothing following',
      ]),
      ...alike(`${NOT_DECODED} CONTEXTO rule for U+0375`, [
        'Greek KERAIA not followed by Greek',
        'Greek KERAIA not followed by anything',
      ]),
      ...alike(`${NOT_DECODED} CONTEXTO rule for U+05F3`, [
        'Hebrew GERESH not preceded by Hebrew',
        'Hebrew GERESH not preceded by anything',
      ]),
      ...alike(`${NOT_DECODED} CONTEXTO rule for U+05F4`, [
        'Hebrew GERSHAYIM not preceded by Hebrew',
        'Hebrew GERSHAYIM not preceded by anything',
      ]),
      ...alike(`${NOT_DECODED} CONTEXTO rule for U+30FB`, [
        'KATAKANA MIDDLE DOT with no Hiragana, Katakana, or Han',
        'KATAKANA MIDDLE DOT with no other characters',
      ]),
      'Arabic-Indic digits mixed with Extended Arabic-Indic digits': `${NOT_DECODED} CONTEXTO digit rule`,
      ...alike(`${NOT_DECODED} CONTEXTJ rule for U+200D`, [
        'ZERO WIDTH JOINER not preceded by Virama',
        'ZERO WIDTH JOINER not preceded by anything',
      ]),
      'contains "--" in the 3rd and 4th position':
        'ajv-formats does not refuse "--" in the 3rd and 4th position of a label that is no valid A-label',
    }),
  }),
});

/** One excused case: its suite id (`file | group | description`) and why it fails. */
export interface FormatDeviation {
  readonly id: string;
  readonly reason: string;
}

/** The table as one row per case. */
export function formatDeviationRows(): FormatDeviation[] {
  return Object.entries(FORMAT_DEVIATIONS).flatMap(([file, groups]) =>
    Object.entries(groups).flatMap(([group, cases]) =>
      Object.entries(cases).map(([description, reason]) => ({
        id: `${file} | ${group} | ${description}`,
        reason,
      })),
    ),
  );
}
