import { BlockList, isIP } from 'node:net';
import type { ConfigCache } from '../../db/config-cache';
import type { Db } from '../../db/pool';
import { normaliseIp } from '../../http/request-context';
import type { ResolvedMerchant } from '../../plugins/merchant';
import type { CountryDatabase } from './country-database';
import { selectCountryOverrides, type CountryOverrideRow } from './system.queries';
import type { VisitorContext } from './system.service';

// Where a visitor is: their address (clientIpOf: the socket peer, or X-Forwarded-For from a
// trusted gateway only) and the country the server resolves for it. The operator's overrides
// (migration 009) are consulted first, then the offline database. Nothing the client says about
// its country is read.

interface CompiledOverride {
  family: 'ipv4' | 'ipv6';
  networks: BlockList;
  countryCode: string;
}

/** The override rows as matchers, in the order they apply (the query's order). */
export function compileOverrides(rows: CountryOverrideRow[]): CompiledOverride[] {
  const compiled: CompiledOverride[] = [];
  for (const row of rows) {
    const [network, prefix] = row.network.split('/');
    const version = isIP(network);
    // The cidr column refuses anything else; a row that still does not parse matches nothing.
    if (version === 0) continue;
    const family = version === 4 ? 'ipv4' : 'ipv6';
    const networks = new BlockList();
    networks.addSubnet(network, Number(prefix ?? (version === 4 ? 32 : 128)), family);
    compiled.push({ family, networks, countryCode: row.countryCode });
  }
  return compiled;
}

/** The country the first matching override gives `ip`, or undefined when none matches. */
export function overriddenCountry(overrides: CompiledOverride[], ip: string): string | undefined {
  const address = normaliseIp(ip);
  const version = isIP(address);
  if (version === 0) return undefined;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  return overrides.find((override) => override.family === family && override.networks.check(address, family))?.countryCode;
}

/** The visitor at `ip`: an override's country, else the database's (null for private or unknown addresses). */
export async function locateVisitor(
  db: Db,
  merchant: ResolvedMerchant,
  ip: string,
  countries: CountryDatabase,
  cache: ConfigCache,
): Promise<VisitorContext> {
  const address = normaliseIp(ip);
  const overrides = await cache.get(merchant, 'countryOverrides', async () => compileOverrides(await selectCountryOverrides(db, merchant.id)));
  return { ip: address, country: overriddenCountry(overrides, address) ?? countries.countryOf(address) };
}
