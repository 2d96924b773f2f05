import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-address.ts';

describe('clientAddressKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
  });
  it('counts every address of one IPv6 /64 as one client', () => {
    expect(clientAddressKey('2001:db8:85a3:1:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:85a3:1::/64');
    expect(clientAddressKey('2001:0db8:85a3:0001::1')).toBe('2001:db8:85a3:1::/64');
    expect(clientAddressKey('2001:db8:85a3:2::1')).not.toBe(clientAddressKey('2001:db8:85a3:1::1'));
  });
  it('expands :: in the prefix and drops a zone', () => {
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
  });
  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(clientAddressKey('::ffff:198.51.100.4')).toBe('198.51.100.4');
  });
});
