import { describe, expect, it } from 'vitest';
import { limitedAddress } from './limited-address.js';

describe('limitedAddress', () => {
  it('counts an IPv4 address, mapped or not, as itself', () => {
    expect(limitedAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(limitedAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(limitedAddress('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every IPv6 address of a /64 as one, whatever its spelling', () => {
    const one = ['2001:db8:a:b::1', '2001:0db8:000a:000b:ffff:ffff:ffff:ffff', '2001:DB8:A:B:1:2:3:4', 'fe80::1%eth0'.replace('fe80::1', '2001:db8:a:b::9'), '2001:db8:a:b:0:0:1.2.3.4'];
    expect(new Set(one.map(limitedAddress))).toEqual(new Set(['2001:db8:a:b::/64']));
    expect(limitedAddress('2001:db8:a:c::1')).toBe('2001:db8:a:c::/64');
    expect(limitedAddress('::1')).toBe('0:0:0:0::/64');
    expect(limitedAddress('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(limitedAddress('::')).toBe('0:0:0:0::/64');
  });

  it('leaves what is no address as it is', () => {
    expect(limitedAddress('unknown')).toBe('unknown');
    expect(limitedAddress('')).toBe('');
  });
});
