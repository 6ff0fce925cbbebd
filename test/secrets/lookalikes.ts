// Non-secret look-alikes never to redact: UUIDs, git SHAs, digests, SRI hashes, order numbers.
import { createHash } from 'node:crypto';

function digest(algorithm: string, input: string, encoding: 'hex' | 'base64' | 'base64url'): string {
  return createHash(algorithm).update(input).digest(encoding);
}

function uuid(i: number, version: number): string {
  const hex = digest('sha256', `uuid-${i}`, 'hex');
  const variant = '89ab'.charAt(i % 4);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${version}${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** One look-alike: its kind and the string. */
export interface Lookalike {
  readonly kind: string;
  readonly value: string;
}

function build(): Lookalike[] {
  const out: Lookalike[] = [];
  for (let i = 0; i < 40; i++) {
    const id = uuid(i, i % 2 === 0 ? 4 : 1);
    out.push({ kind: 'uuid', value: i % 5 === 0 ? id.toUpperCase() : id });
  }
  for (let i = 0; i < 30; i++) out.push({ kind: 'git-sha', value: digest('sha1', `commit ${i}`, 'hex') });
  for (let i = 0; i < 15; i++)
    out.push({ kind: 'git-short-sha', value: digest('sha1', `short ${i}`, 'hex').slice(0, 7 + (i % 6)) });
  for (let i = 0; i < 15; i++) out.push({ kind: 'md5', value: digest('md5', `file ${i}`, 'hex') });
  for (let i = 0; i < 20; i++) out.push({ kind: 'sha256-hex', value: digest('sha256', `blob ${i}`, 'hex') });
  for (let i = 0; i < 10; i++) out.push({ kind: 'sha512-hex', value: digest('sha512', `blob ${i}`, 'hex') });
  for (let i = 0; i < 15; i++)
    out.push({ kind: 'sha256-base64', value: digest('sha256', `b64 ${i}`, 'base64') });
  for (let i = 0; i < 10; i++) out.push({ kind: 'sha1-base64', value: digest('sha1', `b64 ${i}`, 'base64') });
  for (let i = 0; i < 10; i++)
    out.push({ kind: 'sha512-base64', value: digest('sha512', `b64 ${i}`, 'base64') });
  for (let i = 0; i < 20; i++)
    out.push({ kind: 'sri', value: `sha512-${digest('sha512', `pkg ${i}`, 'base64')}` });
  for (let i = 0; i < 10; i++)
    out.push({ kind: 'sri', value: `sha384-${digest('sha384', `script ${i}`, 'base64')}` });
  for (let i = 0; i < 10; i++)
    out.push({ kind: 'sri', value: `sha256-${digest('sha256', `style ${i}`, 'base64')}` });
  for (let i = 0; i < 10; i++)
    out.push({ kind: 'docker-digest', value: `sha256:${digest('sha256', `layer ${i}`, 'hex')}` });
  for (let i = 0; i < 25; i++) {
    const n = String(Number.parseInt(digest('md5', `order ${i}`, 'hex').slice(0, 12), 16)).padStart(14, '0');
    const shapes = [
      `ORD-${n.slice(0, 4)}-${n.slice(4, 10)}`,
      `${n.slice(0, 3)}-${n.slice(3, 10)}-${n.slice(10, 14)}${n.slice(0, 3)}`,
      `PO${n.slice(0, 10)}`,
      `#${n.slice(0, 8)}`,
      n.slice(0, 12),
    ];
    out.push({ kind: 'order-number', value: shapes[i % shapes.length] ?? n });
  }
  return out;
}

/** The look-alike list (over 200 strings). */
export const LOOKALIKES: readonly Lookalike[] = Object.freeze(build());

const FIELD: Readonly<Record<string, string>> = Object.freeze({
  uuid: 'request_id',
  'git-sha': 'commit',
  'git-short-sha': 'rev',
  md5: 'etag',
  'sha256-hex': 'checksum',
  'sha512-hex': 'sha512',
  'sha256-base64': 'digest',
  'sha1-base64': 'digest',
  'sha512-base64': 'hash',
  sri: 'integrity',
  'docker-digest': 'image',
  'order-number': 'order',
});

/** The neutral contexts a look-alike is checked in. */
export function lookalikeContexts(item: Lookalike): string[] {
  const key = FIELD[item.kind] ?? 'id';
  return [
    item.value,
    `${key}: ${item.value}`,
    `"${key}": "${item.value}"`,
    `The build recorded ${item.value} for this run.`,
    `https://shop.example.net/orders/view?${key}=${encodeURIComponent(item.value)}&lang=en`,
    JSON.stringify({ [key]: item.value, status: 'ok' }),
  ];
}
