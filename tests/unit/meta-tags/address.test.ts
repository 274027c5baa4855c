// The SSRF guard of meta_tags: only public unicast addresses may be fetched; IPv4 hidden in IPv6
// is judged by the IPv4 it carries; loopback only when a test asks for it.
import { describe, expect, it } from 'vitest';
import { embeddedIpv4, isAllowedAddress } from '../../../src/server/modules/meta-tags/address';

const closed = { allowLoopback: false };

describe('isAllowedAddress', () => {
  it('allows public IPv4 and IPv6', () => {
    for (const a of ['8.8.8.8', '93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e']) expect(isAllowedAddress(a, closed), a).toBe(true);
  });

  it('refuses private, loopback, link-local, shared, multicast, documentation and reserved ranges', () => {
    for (const a of [
      '127.0.0.1', '127.255.0.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
      '224.0.0.1', '255.255.255.255', '192.0.2.10', '198.18.0.1', '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', '2001:db8::1',
    ]) expect(isAllowedAddress(a, closed), a).toBe(false);
  });

  it('judges IPv4 inside IPv6 by the IPv4 it carries', () => {
    expect(embeddedIpv4('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(embeddedIpv4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(embeddedIpv4('64:ff9b::a9fe:a9fe')).toBe('169.254.169.254');
    expect(embeddedIpv4('2002:c0a8:0101::1')).toBe('192.168.1.1');
    for (const a of ['::ffff:127.0.0.1', '::ffff:a00:1', '64:ff9b::10.0.0.1', '2002:0a00:0001::', '::127.0.0.1']) expect(isAllowedAddress(a, closed), a).toBe(false);
    expect(isAllowedAddress('::ffff:8.8.8.8', closed)).toBe(true);
  });

  it('opens loopback, and nothing else, to a test that asks', () => {
    const test = { allowLoopback: true };
    expect(isAllowedAddress('127.0.0.1', test)).toBe(true);
    expect(isAllowedAddress('::1', test)).toBe(true);
    expect(isAllowedAddress('10.0.0.1', test)).toBe(false);
    expect(isAllowedAddress('169.254.169.254', test)).toBe(false);
  });

  it('refuses what is not an address', () => {
    expect(isAllowedAddress('localhost', closed)).toBe(false);
    expect(isAllowedAddress('', closed)).toBe(false);
  });
});
