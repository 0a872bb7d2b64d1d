import { isIPv6 } from 'node:net';

// What a per-address limit counts. An IPv4 address is one subscriber (or one NAT); an IPv6
// subscriber is routinely given a whole /64 and can pick a new address from it for every
// request, so IPv6 addresses are counted by their /64 prefix.

/** Eight groups of four hex digits, '::' expanded; undefined when `ip` is not IPv6. */
function expandIPv6(ip: string): string[] | undefined {
  const bare = ip.split('%')[0];
  if (!isIPv6(bare)) return undefined;
  // An embedded IPv4 tail (::ffff:1.2.3.4) becomes two groups.
  const withoutDotted = bare.replace(/(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/, (_all, a, b, c, d) =>
    [((Number(a) << 8) | Number(b)).toString(16), ((Number(c) << 8) | Number(d)).toString(16)].join(':'),
  );
  const [head, tail] = withoutDotted.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups];
  return groups.map((group) => group.toLowerCase().padStart(4, '0'));
}

/** The subject a per-address limit counts: the IPv4 address itself, or an IPv6 address's /64. */
export function addressSubject(ip: string): string {
  const groups = expandIPv6(ip);
  if (!groups) return ip.slice(0, 200);
  return `${groups.slice(0, 4).join(':')}::/64`;
}
