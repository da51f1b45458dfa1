import { BlockList, isIP } from 'node:net';

/**
 * Which addresses a calendar fetch may connect to: only public ones, so a feed URL cannot make the
 * server reach its own network (docs/decisions/0012-availability-and-calendar-sync.md).
 * node's BlockList does the prefix matching, and matches IPv4-mapped IPv6 (::ffff:10.0.0.1)
 * against the IPv4 rules by itself.
 */

type Rule = [address: string, prefix: number];

const IPV4: Record<string, Rule[]> = {
  unspecified: [['0.0.0.0', 8]],
  loopback: [['127.0.0.0', 8]],
  private: [
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
  ],
  'carrier-grade NAT': [['100.64.0.0', 10]],
  'link-local': [['169.254.0.0', 16]],
  multicast: [['224.0.0.0', 4]],
  // IETF assignments, documentation, benchmarking, and 240/4 with the broadcast address.
  reserved: [
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['240.0.0.0', 4],
  ],
};

const IPV6: Record<string, Rule[]> = {
  unspecified: [['::', 128]],
  loopback: [['::1', 128]],
  'link-local': [['fe80::', 10]],
  'unique-local': [
    ['fc00::', 7],
    ['fec0::', 10], // the deprecated site-local range
  ],
  multicast: [['ff00::', 8]],
  // IPv4-compatible (deprecated), discard, Teredo (which hides an IPv4 address), documentation.
  reserved: [
    ['::', 96],
    ['100::', 64],
    ['2001::', 32],
    ['2001:db8::', 32],
  ],
};

/** An IPv4 rule as the 32 bits NAT64 (64:ff9b::/96) or 6to4 (2002::/16) would carry it. */
function embedded(prefix: string, offsetBits: number, [address, bits]: Rule): Rule {
  const [a = 0, b = 0, c = 0, d = 0] = address.split('.').map(Number);
  const hex = (hi: number, lo: number) => ((hi << 8) | lo).toString(16);
  return [`${prefix}${hex(a, b)}:${hex(c, d)}${offsetBits === 96 ? '' : '::'}`, offsetBits + bits];
}

const LISTS = Object.keys({ ...IPV4, ...IPV6 }).map((label) => {
  const list = new BlockList();
  for (const [address, prefix] of IPV6[label] ?? []) list.addSubnet(address, prefix, 'ipv6');
  for (const rule of IPV4[label] ?? []) {
    list.addSubnet(rule[0], rule[1], 'ipv4');
    // The same IPv4 ranges reached through the translation prefixes.
    list.addSubnet(...embedded('64:ff9b::', 96, rule), 'ipv6');
    list.addSubnet(...embedded('2002:', 16, rule), 'ipv6');
  }
  return { label, list };
});

/**
 * Why `address` is not a public address ("loopback", "private", "link-local", …), or null when it
 * is one. Anything that is not an IP address at all is refused as "not an IP address".
 */
export function addressProblem(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return 'not an IP address';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  return LISTS.find(({ list }) => list.check(address, type))?.label ?? null;
}

export function isPublicAddress(address: string): boolean {
  return addressProblem(address) === null;
}
