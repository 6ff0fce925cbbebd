// Bench "text hygiene": sanitizeText (secret detector on, as by default) on ~1 KB fields against a control/format strip.
import { sanitizeText, type TextOptions } from 'agent-airlock';
import { ticketSearchJson, type TicketSearchResponse } from './fixtures/ticket-search.js';
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

async function row(name: string, value: string, target?: string): Promise<BenchRow> {
  const bytes = Buffer.byteLength(value);
  const { subjectHz, baselineHz } = await compare(
    { name: `sanitizeText ${name}`, fn: () => sanitizeText(value) },
    { name: `strip ${name}`, fn: () => strip(value) },
  );
  return {
    name: `sanitizeText, ${name} (${bytes} B field, secrets redacted)`,
    baseline: 'value.replace(/\\p{Cc}|\\p{Cf}/gu, "")',
    ratio: subjectHz / baselineHz,
    detail: `${mbPerSecond(bytes, subjectHz)} vs ${mbPerSecond(bytes, baselineHz)}`,
    ...(target === undefined ? {} : { target }),
  };
}

/**
 * Every text field of the gate bench's 5,000-ticket search (titles, bodies, display names) with the options
 * its contract gives it (`maxCodePoints` from the schema's `maxLength`): the text purpose's share of a gate call.
 */
function ticketFields(extra: TextOptions): { value: string; options: TextOptions }[] {
  const response = JSON.parse(ticketSearchJson(5000)) as TicketSearchResponse;
  // One options object per field kind, as a contract gives each field (resolved once, then found by identity).
  const title: TextOptions = { ...extra, maxCodePoints: 200 };
  const body: TextOptions = { ...extra, maxCodePoints: 4000 };
  const name: TextOptions = { ...extra, maxCodePoints: 100 };
  return response.data.items.flatMap((ticket) => [
    { value: ticket.title, options: title },
    { value: ticket.body, options: body },
    ...(ticket.assignee === null ? [] : [{ value: ticket.assignee.displayName, options: name }]),
  ]);
}

/** The ticket row with the contract's options, and `extra` options (named in the row) on every field. */
async function ticketRow(extra: TextOptions = {}, target = '≥ 0.8×'): Promise<BenchRow> {
  const fields = ticketFields(extra);
  const named = Object.entries(extra).map(([option, value]) => `${option}: '${String(value)}'`);
  const bytes = fields.reduce((sum, field) => sum + Buffer.byteLength(field.value), 0);
  const { subjectHz, baselineHz } = await compare(
    {
      name: 'sanitizeText tickets',
      fn: () => fields.map((field) => sanitizeText(field.value, field.options)),
    },
    { name: 'strip tickets', fn: () => fields.map((field) => strip(field.value)) },
    3000,
  );
  return {
    name:
      `sanitizeText over the ${fields.length} text fields of a 5,000-ticket search (${(bytes / 1024).toFixed(0)} KB)` +
      (named.length === 0 ? '' : `, ${named.join(', ')}`),
    baseline: 'value.replace(/\\p{Cc}|\\p{Cf}/gu, "") on the same fields',
    ratio: subjectHz / baselineHz,
    detail: `${(1000 / subjectHz).toFixed(1)} ms vs ${(1000 / baselineHz).toFixed(1)} ms per search`,
    target,
  };
}

/** The text hygiene suite: mixed-language text, plain ASCII (the fast path), attacks, and real ticket fields. */
export const textSuite: BenchSuite = {
  title: 'text hygiene',
  async run() {
    return [
      await row('mixed-language', MIXED_LANGUAGE),
      await row('plain ASCII', PLAIN_ASCII),
      await row('hostile', HOSTILE, '≥ 0.2×'),
      await ticketRow(),
      await ticketRow({ pii: 'redact' }, '≥ 0.5×'),
    ];
  },
};
