// The visitor's country for POST /api/collect (docs/viewer.md, "Country"): from the operator's IP database
// when GEOIP_MMDB names one and it knows the address, else from the region of Accept-Language, else none
// (the dashboard counts it as "Unknown"). Only the ISO code is kept; the address is never stored.
import { openGeoipDatabase } from './geoipDatabase';
import { regionOfLanguages } from './languageRegion';

export type CountryLookup = (ip: string, acceptLanguage: string | string[] | undefined) => string | null;

/** Reads GEOIP_MMDB when the server starts (throws ConfigError on a file that cannot be read). */
export function createCountryLookup(env: NodeJS.ProcessEnv = process.env): CountryLookup {
  const file = env.GEOIP_MMDB?.trim();
  const byAddress = file ? openGeoipDatabase(file) : null;
  return (ip, acceptLanguage) => byAddress?.(ip) ?? regionOfLanguages(acceptLanguage);
}
