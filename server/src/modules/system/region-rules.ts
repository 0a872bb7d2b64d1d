import { BlockList, isIP } from 'node:net';
import { normaliseIp } from '../../http/request-context';

// Region restriction: a visitor is restricted when any of the merchant's rules matches their
// country (as reported by the edge proxy), their exact IP address, or a network containing it.

export type RegionRuleKind = 'country' | 'ip' | 'cidr';

export interface RegionRule {
  kind: RegionRuleKind;
  value: string;
}

export interface Visitor {
  ip: string;
  country: string | null;
}

function familyOf(address: string): 'ipv4' | 'ipv6' | undefined {
  const version = isIP(address);
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : undefined;
}

/**
 * True when a rule matches. Rules are validated by the database on insert; a value that still
 * does not parse is skipped and reported through `onInvalid` rather than failing the request.
 */
export function isRestricted(rules: RegionRule[], visitor: Visitor, onInvalid?: (rule: RegionRule) => void): boolean {
  const ip = normaliseIp(visitor.ip);
  const ipFamily = familyOf(ip);
  const country = visitor.country?.toUpperCase() ?? null;
  const addresses = new BlockList();
  let hasAddressRules = false;
  for (const rule of rules) {
    if (rule.kind === 'country') {
      if (country !== null && rule.value.toUpperCase() === country) return true;
      continue;
    }
    const [network, prefix] = rule.kind === 'cidr' ? rule.value.split('/') : [rule.value, undefined];
    const family = familyOf(normaliseIp(network));
    const bits = prefix === undefined ? undefined : Number(prefix);
    const maxBits = family === 'ipv4' ? 32 : 128;
    if (!family || (bits !== undefined && !(Number.isInteger(bits) && bits >= 0 && bits <= maxBits))) {
      onInvalid?.(rule);
      continue;
    }
    if (bits === undefined) addresses.addAddress(normaliseIp(network), family);
    else addresses.addSubnet(normaliseIp(network), bits, family);
    hasAddressRules = true;
  }
  return hasAddressRules && ipFamily !== undefined && addresses.check(ip, ipFamily);
}
