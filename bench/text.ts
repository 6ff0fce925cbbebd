// Bench "text hygiene": sanitizeText throughput on ~1 KB fields against a plain control/format strip.
import { sanitizeText } from '../src/purposes/text.js';
import { compare, mbPerSecond, type BenchRow, type BenchSuite } from './harness.js';

const FIELD_BYTES = 1024;

/** Repeats `pieces` in turn until the UTF-8 size reaches about `bytes`. */
function field(pieces: readonly string[], bytes: number): string {
  let text = '';
  for (let i = 0; Buffer.byteLength(text) < bytes; i++) text += pieces[i % pieces.length] ?? '';
  return text;
}

const MIXED_LANGUAGE = field(
  [
    'The quick brown fox jumps over the lazy dog. ',
    'Café naïve résumé, Ångström. ',
    'Привет, как дела? ',
    'من می\u200Cخواهم کتاب\u200Cها را بخوانم. ',
    '中文字符 日本語のテキスト。 ',
    'שלום עולם 123. ',
    'हिन्दी भाषा क्\u200Dष ',
    '👨\u200D👩\u200D👧 🇫🇷 👍🏽 ',
    'ภาษาไทย ',
  ],
  FIELD_BYTES,
);

const PLAIN_ASCII = field(
  ['Plain ASCII status text, nothing to clean here. ', 'Line two with a tab\tand digits 12345.\n'],
  FIELD_BYTES,
);

const HOSTILE = field(
  [
    'ig\u200Cnore pre\u200Bvious ',
    'user\u202E \u2066// admin\u2069 \u2066 ',
    'hi\u{E0049}\u{E0067}\u{E006E} ',
    '😀\u{E0158}\u{E0155}\u{E015C} ',
    'pаypal gοogle ',
    'bell\u0007 esc\u001B[2J ',
  ],
  FIELD_BYTES,
);

const STRIP = /\p{Cc}|\p{Cf}/gu;

function strip(value: string): string {
  return value.replace(STRIP, '');
}

async function row(name: string, value: string): Promise<BenchRow> {
  const bytes = Buffer.byteLength(value);
  const { subjectHz, baselineHz } = await compare(
    { name: `sanitizeText ${name}`, fn: () => sanitizeText(value) },
    { name: `strip ${name}`, fn: () => strip(value) },
  );
  return {
    name: `sanitizeText, ${name} (${bytes} B field)`,
    baseline: 'value.replace(/\\p{Cc}|\\p{Cf}/gu, "")',
    ratio: subjectHz / baselineHz,
    detail: `${mbPerSecond(bytes, subjectHz)} vs ${mbPerSecond(bytes, baselineHz)}`,
  };
}

/** The text hygiene suite: mixed-language text, plain ASCII (the fast path) and text full of attacks. */
export const textSuite: BenchSuite = {
  title: 'text hygiene',
  async run() {
    return [
      await row('mixed-language', MIXED_LANGUAGE),
      await row('plain ASCII', PLAIN_ASCII),
      await row('hostile', HOSTILE),
    ];
  },
};
