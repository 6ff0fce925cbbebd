// Encoded secrets: percent- and JSON-escaped text decoded with an offset map; base64 runs decoded, rescanned.
import type { FindingSink, RawFinding } from './finding.js';

/** Scans `text[from, to)` at a nesting depth and pushes findings; the detector passes its own window scan. */
export type WindowScan = (text: string, from: number, to: number, sink: FindingSink, depth: number) => void;

/** A decoded copy of a window and, for each decoded code unit, the offset in the original text it came from. */
interface DecodedView {
  readonly text: string;
  readonly origin: readonly number[];
}

const HEX_PAIR = /^[0-9A-Fa-f]{2}$/;

function percentDecoded(text: string, from: number, to: number): DecodedView | null {
  let out = '';
  const origin: number[] = [];
  let changed = false;
  for (let i = from; i < to; i++) {
    const pair = text.charCodeAt(i) === 37 ? text.slice(i + 1, i + 3) : '';
    if (pair.length === 2 && HEX_PAIR.test(pair)) {
      out += String.fromCharCode(parseInt(pair, 16));
      origin.push(i);
      i += 2;
      changed = true;
      continue;
    }
    out += text.charAt(i);
    origin.push(i);
  }
  origin.push(to);
  return changed ? { text: out, origin } : null;
}

const JSON_ESCAPES: Readonly<Record<string, string>> = Object.freeze({
  n: '\n',
  r: '\r',
  t: '\t',
  b: '\b',
  f: '\f',
  '"': '"',
  "'": "'",
  '\\': '\\',
  '/': '/',
});

function jsonDecoded(text: string, from: number, to: number): DecodedView | null {
  let out = '';
  const origin: number[] = [];
  let changed = false;
  for (let i = from; i < to; i++) {
    if (text.charCodeAt(i) === 92 && i + 1 < to) {
      const next = text.charAt(i + 1);
      const simple = JSON_ESCAPES[next];
      const hex = next === 'u' ? text.slice(i + 2, i + 6) : '';
      if (simple !== undefined || /^[0-9A-Fa-f]{4}$/.test(hex)) {
        out += simple ?? String.fromCharCode(parseInt(hex, 16));
        origin.push(i);
        i += simple !== undefined ? 1 : 5;
        changed = true;
        continue;
      }
    }
    out += text.charAt(i);
    origin.push(i);
  }
  origin.push(to);
  return changed ? { text: out, origin } : null;
}

function mapBack(view: DecodedView, found: readonly RawFinding[], sink: FindingSink): void {
  for (const finding of found) {
    const start = view.origin[finding.start];
    const end = view.origin[finding.end];
    if (start !== undefined && end !== undefined && end > start) sink.push({ ...finding, start, end });
  }
}

const BASE64_RUN = /[A-Za-z0-9+/_-]{24,16384}={0,2}/g;

function base64Text(run: string): string | null {
  const core = run.replace(/=+$/, '');
  if (core.length % 4 === 1) return null;
  const bytes = Buffer.from(core.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (bytes.length < 12) return null;
  let printable = 0;
  for (const byte of bytes)
    if ((byte >= 32 && byte < 127) || byte === 9 || byte === 10 || byte === 13) printable++;
  return printable / bytes.length >= 0.95 ? bytes.toString('latin1') : null;
}

function scanBase64(
  text: string,
  from: number,
  to: number,
  sink: FindingSink,
  depth: number,
  scan: WindowScan,
): void {
  // matchAll works on a copy of the pattern, so the nested scans below cannot move this loop's position.
  for (const m of text.slice(from, to).matchAll(BASE64_RUN)) {
    const decoded = base64Text(m[0]);
    if (decoded === null) continue;
    const inner: RawFinding[] = [];
    scan(decoded, 0, decoded.length, inner, depth + 1);
    const first = inner[0];
    if (first === undefined) continue;
    const start = from + m.index;
    sink.push({ provider: first.provider, start, end: start + m[0].length, rank: first.rank });
  }
}

/** Scans the percent-decoded, JSON-unescaped and base64-decoded forms of `text[from, to)`. */
export function scanDecoded(
  text: string,
  from: number,
  to: number,
  sink: FindingSink,
  depth: number,
  scan: WindowScan,
): void {
  const window = text.slice(from, to);
  const views = [
    window.includes('%') ? percentDecoded(text, from, to) : null,
    window.includes('\\') ? jsonDecoded(text, from, to) : null,
  ];
  for (const view of views) {
    if (view === null) continue;
    const found: RawFinding[] = [];
    scan(view.text, 0, view.text.length, found, depth + 1);
    mapBack(view, found, sink);
  }
  scanBase64(text, from, to, sink, depth, scan);
}
