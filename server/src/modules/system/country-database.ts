import fs from 'node:fs';
import { BlockList, isIP } from 'node:net';
import { Reader, type Response } from 'mmdb-lib';
import { normaliseIp } from '../../http/request-context';

// The visitor's country, resolved on the server from their address with an offline database
// (GeoLite2 country, from the package registry's @ip-location-db/geolite2-country-mmdb). Nothing
// the client sends is believed: no X-Country-Code or similar header is read anywhere.

/** Where an address is, as far as the database knows. */
export interface CountryDatabase {
  /** Two-letter ISO 3166 code in upper case, or null (private, reserved, unknown, not an address). */
  countryOf(ip: string): string | null;
}

/** The GeoLite2 file of both address families; resolved from the package, not the working directory. */
export const COUNTRY_DATABASE_FILE = require.resolve('@ip-location-db/geolite2-country-mmdb/geolite2-country.mmdb');

/**
 * Networks that belong to no country: private, loopback, link-local, shared, documentation and
 * multicast ranges. Checked before the database so they stay without a country whatever the data.
 */
const NO_COUNTRY = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  NO_COUNTRY.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['2001:db8::', 32],
  ['ff00::', 8],
] as const) {
  NO_COUNTRY.addSubnet(network, prefix, 'ipv6');
}

/** True for an address no country can be given to (see NO_COUNTRY), and for anything that is not an address. */
export function isNonPublicAddress(ip: string): boolean {
  const address = normaliseIp(ip);
  const version = isIP(address);
  if (version === 0) return true;
  return NO_COUNTRY.check(address, version === 4 ? 'ipv4' : 'ipv6');
}

/** A record of the ip-location-db files: just the code (not MaxMind's own layout, which mmdb-lib types). */
interface CountryRecord {
  country_code?: unknown;
}

/** A database read from an .mmdb image (the whole file in memory; lookups are a tree walk). */
export function countryDatabaseFrom(image: Buffer): CountryDatabase {
  const reader = new Reader<Response>(image);
  return {
    countryOf(ip) {
      if (isNonPublicAddress(ip)) return null;
      const code = (reader.get(normaliseIp(ip)) as CountryRecord | null)?.country_code;
      return typeof code === 'string' && /^[A-Za-z]{2}$/.test(code) ? code.toUpperCase() : null;
    },
  };
}

let shared: CountryDatabase | undefined;

/**
 * The bundled database, read once per process (at start-up: buildApp asks for it) and shared by
 * every app the process builds. Throws when the file is missing or unreadable, so a server never
 * starts without it.
 */
export function loadCountryDatabase(): CountryDatabase {
  shared ??= countryDatabaseFrom(fs.readFileSync(COUNTRY_DATABASE_FILE));
  return shared;
}
