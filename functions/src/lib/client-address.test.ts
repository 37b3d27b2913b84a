import { describe, expect, it } from 'vitest';
import { clientAddress, clientNetwork, hashKey, trustedHops } from './client-address';

describe('clientAddress', () => {
  const frontEnd = '35.191.0.1';

  it("takes the entry Google's front end appended, whatever the client wrote before it", () => {
    expect(clientAddress(`198.51.100.7, ${frontEnd}`, '10.0.0.1', 2)).toBe('198.51.100.7');
    expect(clientAddress(`1.2.3.4, 5.6.7.8, 198.51.100.7, ${frontEnd}`, undefined, 2)).toBe(
      '198.51.100.7',
    );
    expect(clientAddress(['9.9.9.9', `2001:db8::1, ${frontEnd}`], undefined, 2)).toBe('2001:db8::1');
  });

  it('falls back to the socket peer when the entry is missing or not an address', () => {
    expect(clientAddress(undefined, '::ffff:127.0.0.1', 2)).toBe('::ffff:127.0.0.1');
    expect(clientAddress('203.0.113.9', '127.0.0.1', 2)).toBe('127.0.0.1');
    expect(clientAddress(`not-an-ip, ${frontEnd}`, '127.0.0.1', 2)).toBe('127.0.0.1');
    expect(clientAddress(`${'9'.repeat(80)}, ${frontEnd}`, undefined, 2)).toBe('unknown');
  });

  it('reads only the end of a huge header', () => {
    const huge = `${'x'.repeat(100_000)}, 198.51.100.7, ${frontEnd}`;
    expect(clientAddress(huge, undefined, 2)).toBe('198.51.100.7');
  });

  it('counts as many hops as configured, 2 by default and for nonsense', () => {
    expect(trustedHops({})).toBe(2);
    expect(trustedHops({ CLIENT_ADDRESS_HOPS: '3' })).toBe(3);
    expect(trustedHops({ CLIENT_ADDRESS_HOPS: '0' })).toBe(2);
    expect(trustedHops({ CLIENT_ADDRESS_HOPS: 'many' })).toBe(2);
    expect(clientAddress(`198.51.100.7, 10.1.1.1, ${frontEnd}`, undefined, 3)).toBe('198.51.100.7');
  });
});

describe('clientNetwork', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientNetwork('198.51.100.7')).toBe('198.51.100.7');
    expect(clientNetwork('198.51.100.8')).not.toBe(clientNetwork('198.51.100.7'));
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const network = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:db8:1:2::2',
      '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:DB8:1:2:0:0:0:1',
      '2001:db8:1:2:a:b:1.2.3.4',
      '2001:db8:1:2::1%eth0',
    ]) {
      expect(clientNetwork(address)).toBe(network);
    }
    expect(clientNetwork('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('::')).toBe('0:0:0:0::/64');
    expect(clientNetwork('fe80::')).toBe('fe80:0:0:0::/64');
  });

  it('treats an IPv4-mapped IPv6 address as the IPv4 address', () => {
    expect(clientNetwork('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientNetwork('::ffff:c633:6407')).toBe('198.51.100.7');
    expect(clientNetwork('::FFFF:127.0.0.1')).toBe('127.0.0.1');
  });

  it('leaves what is not an address alone', () => {
    expect(clientNetwork('unknown')).toBe('unknown');
  });
});

describe('hashKey', () => {
  it('is 32 hex characters, the same for the same text', () => {
    expect(hashKey('198.51.100.7')).toMatch(/^[0-9a-f]{32}$/);
    expect(hashKey('a'.repeat(5000))).toHaveLength(32);
    expect(hashKey('x')).toBe(hashKey('x'));
    expect(hashKey('x')).not.toBe(hashKey('y'));
  });
});
