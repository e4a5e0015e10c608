// The operator's own IP-to-country database (GEOIP_MMDB, docs/viewer.md "Country"): a MaxMind DB file
// they obtain under its own licence (none is shipped: the free ones are CC BY or CC BY-SA, outside the
// licences this project accepts), read in memory with mmdb-lib (MIT).
import fs from 'node:fs';

import { Reader } from 'mmdb-lib';

import { ConfigError } from '../config';

// Country databases differ in shape: MaxMind's (and DB-IP's compatible ones) have { country: { iso_code } },
// the ip-location-db packages { country_code }. mmdb-lib's types describe MaxMind's only.
interface CountryRecord {
  country?: { iso_code?: unknown };
  registered_country?: { iso_code?: unknown };
  country_code?: unknown;
}
type CountryReader = { get(ip: string): CountryRecord | null };

const isCode = (v: unknown): v is string => typeof v === 'string' && /^[A-Z]{2}$/.test(v);

/**
 * Opens the file now (a country database is a few MB): the server refuses to start on an unreadable or
 * malformed file rather than record events without the countries its operator asked for.
 */
export function openGeoipDatabase(file: string): (ip: string) => string | null {
  let reader: CountryReader;
  try {
    reader = new Reader(fs.readFileSync(file)) as unknown as CountryReader;
  } catch (err) {
    throw new ConfigError(`GEOIP_MMDB : la base « ${file} » n'a pas pu être lue (${(err as Error).message}).`);
  }
  return (ip) => {
    try {
      const record = reader.get(ip.replace(/^::ffff:/i, ''));
      if (!record) return null;
      const code = record.country?.iso_code ?? record.country_code ?? record.registered_country?.iso_code;
      return isCode(code) ? code : null;
    } catch {
      return null; // not an address mmdb-lib reads
    }
  };
}
