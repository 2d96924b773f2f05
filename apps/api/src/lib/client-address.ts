import { isIPv6 } from 'node:net';

/**
 * The key a client address is counted under in rate limits (issue 13 §2): an IPv4 address as
 * it is; an IPv6 address by its /64 prefix, because one subscriber usually holds a whole /64 and
 * could otherwise rotate through 2^64 addresses. An IPv4-mapped IPv6 address counts as its IPv4.
 */
export function clientAddressKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, lower-case, zone removed. */
function expandIPv6(address: string): string[] {
  const [withoutZone = address] = address.split('%');
  const [head = '', tail] = withoutZone.toLowerCase().split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  return [...headGroups, ...Array.from({ length: missing }, () => '0'), ...tailGroups].map((group) => group.replace(/^0+(?=.)/, ''));
}
