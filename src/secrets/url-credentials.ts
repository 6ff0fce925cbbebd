// Credentials inside URLs and host strings: scheme://user:password@host and user:password@host pairs.
import { RANK, type FindingSink } from './finding.js';
import { COMMON_VALUES, shannonEntropy } from './plausible.js';
import { isPlaceholder } from './placeholders.js';
import type { SecretProvider } from './types.js';

const MAX_AUTHORITY = 1024;

/** Schemes whose URLs are connection strings to data stores and brokers, not web pages. */
const STORE_SCHEMES = new Set([
  'postgres',
  'postgresql',
  'mysql',
  'mysqlx',
  'mariadb',
  'mongodb',
  'mongodb+srv',
  'redis',
  'rediss',
  'amqp',
  'amqps',
  'mssql',
  'sqlserver',
  'oracle',
  'clickhouse',
  'cockroachdb',
  'neo4j',
  'neo4j+s',
  'bolt',
  'cassandra',
  'couchbase',
  'couchbases',
  'nats',
  'kafka',
  'mqtt',
  'mqtts',
  'ldap',
  'ldaps',
  'smtp',
  'smtps',
  'imap',
  'imaps',
  'pop3',
  'memcached',
  'elasticsearch',
  'influxdb',
  'db2',
  'snowflake',
  'sftp',
  'ssh',
  'redshift',
  'presto',
  'trino',
  'stomp',
  'rabbitmq',
]);

/** Web and repository schemes whose URLs carry a token as a user name. */
const TOKEN_USER_SCHEMES = new Set(['http', 'https', 'git', 'ftp', 'ftps', 'ws', 'wss', 'ssh']);

function isAuthorityStop(c: number): boolean {
  // whitespace, quotes, slash, question mark, angle brackets, backslash, backtick, pipe, braces' opening
  return (
    c <= 32 ||
    c === 34 ||
    c === 39 ||
    c === 47 ||
    c === 63 ||
    c === 60 ||
    c === 62 ||
    c === 92 ||
    c === 96 ||
    c === 124
  );
}

/** The userinfo part of the URL whose `://` is at `sep`: its start, the `@` after it, and the end of the authority. */
function authorityAt(text: string, sep: number): { start: number; at: number } | null {
  const start = sep + 3;
  const limit = Math.min(text.length, start + MAX_AUTHORITY);
  let stop = start;
  while (stop < limit && !isAuthorityStop(text.charCodeAt(stop))) stop++;
  let at = stop - 1;
  while (at > start && text.charCodeAt(at) !== 64) at--;
  if (at <= start || at >= stop) return null;
  const hostStart = text.charCodeAt(at + 1);
  const hostOk = (hostStart >= 48 && hostStart <= 57) || /[A-Za-z[]/.test(text.charAt(at + 1));
  return hostOk ? { start, at } : null;
}

function schemeBefore(text: string, sep: number): string {
  let i = sep;
  while (i > 0 && /[A-Za-z0-9+.-]/.test(text.charAt(i - 1)) && sep - i < 32) i--;
  const scheme = text.slice(i, sep).toLowerCase();
  return scheme.startsWith('jdbc:') ? scheme.slice(5) : scheme;
}

function plausiblePassword(password: string): boolean {
  // Shorter than four, a password in a URL is a documentation sample (`https://abc:xyz@example.com`).
  if (password.length < 4) return false;
  if (/^[*xX•.]+$/.test(password) || /^[<{[$%]/.test(password)) return false;
  return !isPlaceholder(password) && !COMMON_VALUES.has(password.toLowerCase());
}

function tokenLikeUser(user: string): boolean {
  return user.length >= 16 && shannonEntropy(user) >= 3.5 && !isPlaceholder(user);
}

/** The password span of a `user:password@` userinfo in `text[start, at)`, or the user when it alone is a token. */
function secretSpan(text: string, start: number, at: number): { start: number; end: number } | null {
  const colon = text.indexOf(':', start);
  if (colon < 0 || colon >= at) {
    // A user without a password is a token only where a scheme authenticates that way (`https://<token>@…`);
    // elsewhere it names a key (`smp://<key hash>@server`).
    const scheme = schemeBefore(text, start - 3);
    const tokenScheme = TOKEN_USER_SCHEMES.has(scheme) || STORE_SCHEMES.has(scheme);
    return tokenScheme && tokenLikeUser(text.slice(start, at)) ? { start, end: at } : null;
  }
  const password = text.slice(colon + 1, at);
  if (plausiblePassword(password)) return { start: colon + 1, end: at };
  return tokenLikeUser(text.slice(start, colon)) ? { start, end: colon } : null;
}

/** Narrows a reported credential URL in `text[start, end)` to its password, or null when it has none. */
export function narrowToPassword(
  text: string,
  start: number,
  end: number,
): { start: number; end: number } | null {
  const sep = text.indexOf('://', start);
  if (sep < 0 || sep >= end) return null;
  const authority = authorityAt(text, sep);
  return authority === null ? null : secretSpan(text, authority.start, authority.at);
}

function providerOfScheme(scheme: string): SecretProvider {
  return STORE_SCHEMES.has(scheme) || scheme.includes('sql') || scheme.includes('db')
    ? 'connection-string'
    : 'basic-auth';
}

/** Finds credentials in every `scheme://user:password@host` in `text[from, to)`. */
export function scanUrlCredentials(text: string, from: number, to: number, sink: FindingSink): void {
  for (let sep = text.indexOf('://', from); sep >= 0 && sep < to; sep = text.indexOf('://', sep + 3)) {
    const authority = authorityAt(text, sep);
    if (authority === null) continue;
    const span = secretSpan(text, authority.start, authority.at);
    if (span === null) continue;
    sink.push({ provider: providerOfScheme(schemeBefore(text, sep)), ...span, rank: RANK.url });
  }
}

const BARE_PAIR =
  /(?<![\w/:@.%+-])([A-Za-z0-9][A-Za-z0-9._-]{0,63}):([^\s:@/"'`<>]{1,256}(?:@[^\s:@/"'`<>]{1,256})*)@((?:[A-Za-z0-9-]{1,63}\.)+[A-Za-z]{2,24}|localhost|\d{1,3}(?:\.\d{1,3}){3})(?![A-Za-z0-9-])/g;
const NOT_USERS = new Set([
  'mailto',
  'http',
  'https',
  'ftp',
  'tel',
  'sip',
  'git',
  'ssh',
  'urn',
  'data',
  'file',
]);

/** Finds `user:password@host` pairs written without a scheme. */
export function scanBarePairs(text: string, from: number, to: number, sink: FindingSink): void {
  const window = text.slice(from, to);
  if (!window.includes('@')) return;
  BARE_PAIR.lastIndex = 0;
  for (let m = BARE_PAIR.exec(window); m !== null; m = BARE_PAIR.exec(window)) {
    const user = m[1] ?? '';
    const password = m[2] ?? '';
    if (NOT_USERS.has(user.toLowerCase()) || /^\d+$/.test(user) || !plausiblePassword(password)) continue;
    if (/^\d{1,2}$/.test(password)) continue;
    const start = from + m.index + user.length + 1;
    sink.push({ provider: 'basic-auth', start, end: start + password.length, rank: RANK.url });
  }
}
