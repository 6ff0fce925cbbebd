// The portable IDNA and IP-literal helpers give Node's own answers on WPT hosts and address forms.
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { domainToASCII, domainToUnicode } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as portableDomain from '../../src/egress/domain-name.js';
import * as portableIp from '../../src/egress/ip-literal.js';
import { corpusPath } from '../support/corpora.js';

const HOSTS = [
  'example.com',
  'EXAMPLE.com.',
  'tickets.example.com',
  'xn--n3h.net',
  '☃.net',
  'bücher.example',
  'xn--xn.com',
  'xn--bcher-kva.example',
  'xn--80ak6aa92e.com',
  'аррӏе.com',
  '0x7f.1',
  '127.1',
  '[::1]',
  '::1',
  '1.2.3.4',
  '01.2.3.4',
  '1.2.3',
  '256.1.1.1',
  'fe80::1%eth0',
  '::ffff:127.0.0.1',
  'a b',
  'a/b',
  'a?b',
  'a#b',
  'a@b',
  'a:80',
  '',
  '.',
  '..',
  'localhost',
  'ex%41mple.com',
  '%zz',
  'xn--',
  'xn--a',
  'a..b',
  '\u0000',
  'ß.de',
  'ＥＸＡＭＰＬＥ.com',
];

function wptHosts(): string[] {
  const corpus = corpusPath('url/wpt');
  if (corpus === undefined) return [];
  const entries = JSON.parse(readFileSync(join(corpus, 'toascii.json'), 'utf8')) as unknown[];
  return entries.flatMap((entry) =>
    typeof entry === 'object' && entry !== null && 'input' in entry ? [String(entry.input)] : [],
  );
}

describe('browser stand-ins for Node built-ins', () => {
  const hosts = [...HOSTS, ...wptHosts()];

  it('isIP agrees with node:net', () => {
    for (const host of hosts) expect([host, portableIp.isIP(host)]).toEqual([host, isIP(host)]);
  });

  it(`domainToASCII and domainToUnicode agree with node:url on ${String(hosts.length)} hosts`, () => {
    for (const host of hosts) {
      expect([host, portableDomain.domainToASCII(host)]).toEqual([host, domainToASCII(host)]);
      expect([host, portableDomain.domainToUnicode(host)]).toEqual([host, domainToUnicode(host)]);
    }
  });
});
