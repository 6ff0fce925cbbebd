// Test helper: parses a rendered untrusted block and lists every way its content broke out of the boundary.
import { CHAT_TEMPLATE_TOKENS, TURN_ROLES } from '../../../sinks/prompt/chat-tokens.js';
import { findForgeries } from '../../../sinks/prompt/detect.js';
import { ROLE_WORDS } from '../../../sinks/prompt/roles.js';

const OPENING =
  /^<untrusted-([0-9a-f]{24}) source="([A-Za-z0-9_.:@/+-]+)" format="(tags|json|datamark|base64)"(?: marker="(.)")?>\n/u;
const LINE_BREAKS = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/u;
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Mn}]/gu;
const ALL_TOKENS = [...new Set(Object.values(CHAT_TEMPLATE_TOKENS).flat())];
const BAR_TOKEN = /<\|[^|<>\p{White_Space}]{1,64}\|>/u;
const SPEAKERS = [...new Set([...TURN_ROLES, ...ROLE_WORDS])].join('|');
const TURN_PREFIX = new RegExp(`^[\\s>*_#\\-+]*(?:\\d+[.)][\\s*_]*)?(?:${SPEAKERS})[\\s*_]*:`, 'iu');

/** What a check expects: the nonce the block was rendered with (when known) and the neutralised content. */
export interface Expectation {
  readonly nonce?: string;
  readonly neutralised: string;
}

/** The parsed parts of a block. */
export interface ParsedBlock {
  readonly nonce: string;
  readonly mode: string;
  readonly marker?: string;
  readonly body: string;
  readonly decoded: string;
}

/** Parses a block; `undefined` when its frame is not one opening line, one body line set and one closing tag. */
export function parseBlock(rendered: string): ParsedBlock | undefined {
  const open = OPENING.exec(rendered);
  if (open === null) return undefined;
  const [head, nonce, , mode, marker] = open as unknown as [
    string,
    string,
    string,
    string,
    string | undefined,
  ];
  const close = `\n</untrusted-${nonce}>`;
  if (!rendered.endsWith(close) || rendered.length < head.length + close.length) return undefined;
  const body = rendered.slice(head.length, rendered.length - close.length);
  let decoded: string | undefined;
  try {
    decoded = decodeBody(body, mode, marker);
  } catch {
    decoded = undefined;
  }
  if (decoded === undefined) return undefined;
  return { nonce, mode, body, decoded, ...(marker === undefined ? {} : { marker }) };
}

function decodeBody(body: string, mode: string, marker: string | undefined): string | undefined {
  switch (mode) {
    case 'tags':
      return body;
    case 'json': {
      if (LINE_BREAKS.test(body)) return undefined;
      const value: unknown = JSON.parse(body);
      return typeof value === 'string' ? value : undefined;
    }
    case 'datamark':
      if (marker === undefined || /\p{White_Space}/u.test(body)) return undefined;
      return body.replaceAll(marker, ' ');
    default: {
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body)) return undefined;
      const bytes = Uint8Array.from(atob(body), (char) => char.charCodeAt(0));
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    }
  }
}

/** What the decoded content of a datamark block should equal: white space as spaces, marker stand-ins kept. */
export function datamarkView(neutralised: string, marker: string): string {
  return neutralised.replaceAll(marker, '\uFFFD').replace(/\p{White_Space}/gu, ' ');
}

/**
 * Every breakout in a rendered block, as readable problem strings (empty when the block holds). Proves: the
 * frame is exactly one opening tag and one closing tag carrying the same nonce; the nonce and the boundary tags
 * occur nowhere else; the body decodes for its mode back to the neutralised content; no chat-template token,
 * bar token or turn prefix survives in the decoded content, exactly or after NFKC and invisible removal; and the
 * look-alike detector finds nothing left in it.
 */
export function breakouts(rendered: string, expected: Expectation): string[] {
  const block = parseBlock(rendered);
  if (block === undefined) return ['frame: not one opening tag, a decodable body and one closing tag'];
  const problems: string[] = [];
  if (expected.nonce !== undefined && block.nonce !== expected.nonce)
    problems.push('frame: unexpected nonce');
  if (rendered.split(block.nonce).length !== 3) problems.push('nonce: occurs outside the two tags');
  const lower = rendered.toLowerCase();
  if (lower.split('<untrusted-').length !== 2 || lower.split('</untrusted-').length !== 2) {
    problems.push('boundary: a tag occurs outside the frame');
  }
  const want =
    block.mode === 'datamark' ? datamarkView(expected.neutralised, block.marker!) : expected.neutralised;
  if (block.decoded !== want) problems.push('decode: body does not decode to the neutralised content');
  const views = [
    block.decoded,
    block.decoded.normalize('NFKC'),
    block.decoded.normalize('NFKC').replace(INVISIBLE, ''),
  ];
  for (const view of views) {
    const lower = view.toLowerCase();
    for (const token of ALL_TOKENS)
      if (lower.includes(token.toLowerCase())) problems.push(`token: ${token} survives`);
    if (BAR_TOKEN.test(view)) problems.push('token: a bar-delimited token survives');
    if (/<\s*\/?\s*untrusted/iu.test(view)) problems.push('boundary: a tag survives in the content');
    if (view.split(LINE_BREAKS).some((line) => TURN_PREFIX.test(line)))
      problems.push('turn: a role prefix opens a line');
  }
  if (findForgeries(block.decoded, block.nonce).length > 0) problems.push('fold: a look-alike survives');
  return problems;
}
