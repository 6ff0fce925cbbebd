// Address classification: every special range, the IPv6 forms that embed IPv4, and metadata addresses.
import { isIP } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyAddress } from '../../src/egress/address.js';

describe('classifyAddress', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.255.1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.0.1', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['100.127.255.254', 'carrierGradeNat'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.9', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['198.19.255.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['2606:4700:4700::1111', 'public'],
    ['2a00:1450:4001:82a::200e', 'public'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fe80::1', 'linkLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['fe80::1%eth-0.1', 'linkLocal'],
    ['::ffff:127.0.0.1%x.y', 'loopback'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['2001:2::1', 'reserved'],
    ['100::1', 'reserved'],
    ['4000::1', 'reserved'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'tunnel'],
  ])('%s is %s', (address, addressClass) => {
    expect(classifyAddress(address)?.addressClass).toBe(addressClass);
  });

  it.each([
    ['::ffff:127.0.0.1', 'loopback', 'ipv4Mapped'],
    ['::ffff:7f00:1', 'loopback', 'ipv4Mapped'],
    ['::ffff:8.8.8.8', 'public', 'ipv4Mapped'],
    ['::ffff:0:a00:1', 'private', 'ipv4Translated'],
    ['::7f00:1', 'loopback', 'ipv4Compatible'],
    ['::a00:1', 'private', 'ipv4Compatible'],
    ['64:ff9b::7f00:1', 'loopback', 'nat64'],
    ['64:ff9b::a9fe:1', 'linkLocal', 'nat64'],
    ['64:ff9b::808:808', 'public', 'nat64'],
    ['2002:7f00:1::', 'loopback', '6to4'],
    ['2002:c0a8:101::1', 'private', '6to4'],
    ['2002:808:808::1', 'public', '6to4'],
  ])('%s is %s through its %s IPv4 address', (address, addressClass, embedded) => {
    expect(classifyAddress(address)).toMatchObject({ family: 6, addressClass, embedded });
  });

  it('classifies a dotted IPv4-compatible address by its IPv4 part (ipaddr.js reads it as IPv4-mapped)', () => {
    expect(classifyAddress('::10.0.0.1')).toMatchObject({ addressClass: 'private' });
    expect(classifyAddress('::127.0.0.1')).toMatchObject({ addressClass: 'loopback' });
  });

  it('leaves the local-use NAT64 prefix reserved rather than guessing its embedding', () => {
    expect(classifyAddress('64:ff9b:1::808:808')).toEqual({
      family: 6,
      addressClass: 'reserved',
      metadata: false,
    });
  });

  it.each([
    '169.254.169.254',
    '169.254.170.2',
    '100.100.100.200',
    '168.63.129.16',
    'fd00:ec2::254',
    'fd00:ec2:0::254',
  ])('%s is a metadata address', (address) => {
    expect(classifyAddress(address)?.metadata).toBe(true);
  });

  it.each(['::ffff:169.254.169.254', '64:ff9b::a9fe:a9fe', '2002:a9fe:a9fe::'])(
    '%s is a metadata address inside IPv6',
    (address) => {
      expect(classifyAddress(address)?.metadata).toBe(true);
    },
  );

  it.each(['example.com', '0x7f.1', '127.1', '2130706433', '[::1]', '', '1.2.3.4.5', '::ffff:1.2.3'])(
    '%j is not an address in standard notation',
    (text) => {
      expect(classifyAddress(text)).toBeUndefined();
    },
  );

  it('classifies every address Node accepts, in any notation fast-check generates, without throwing', () => {
    const zone = fc.stringMatching(/^%[\w.-]{1,8}$/);
    const address = fc.oneof(
      fc.ipV4(),
      fc.ipV6(),
      fc.tuple(fc.ipV6(), zone).map(([ip, id]) => ip + id),
    );
    fc.assert(
      fc.property(address, (text) => {
        expect(classifyAddress(text) !== undefined).toBe(isIP(text) !== 0);
      }),
      { numRuns: 5000 },
    );
  });
});
