// The country of a viewer's events (docs/viewer.md, "Country"): the region of Accept-Language by default,
// the operator's MaxMind DB file (GEOIP_MMDB) first when there is one, read by mmdb-lib from a real file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { createCountryLookup } from '../../server/collect/country';
import { regionOfLanguages } from '../../server/collect/languageRegion';
import { ConfigError } from '../../server/config';
import { writeMmdb } from '../helpers/mmdb';

describe('regionOfLanguages', () => {
  it.each([
    ['fr-FR', 'FR'],
    ['fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7', 'FR'],
    ['fr,fr-FR;q=0.8,en-US;q=0.5,en;q=0.3', 'FR'],
    ['en-US;q=0.5,de-AT', 'AT'],
    ['de-ch', 'CH'],
    ['zh-Hans-CN', 'CN'],
    ['en-UK', 'GB'],
    ['es-419,es;q=0.9', null],
    ['en-EU', null],
    ['en-XA', null],
    ['fr-QQ', null],
    ['fr', null],
    ['*', null],
    ['x-klingon', null],
    ['fr-FR;q=0', null],
    ['fr-FR;q=abc,it-IT;q=0.2', 'IT'],
    ['', null],
    [undefined, null],
  ])('%s → %s', (header, region) => {
    expect(regionOfLanguages(header)).toBe(region);
  });

  it('reads only the start of a long header', () => {
    expect(regionOfLanguages(`${'fr,'.repeat(200)}fr-FR`)).toBe(null);
    expect(regionOfLanguages(['fr', 'pt-BR'])).toBe('BR');
  });
});

describe('createCountryLookup', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-geoip-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('without GEOIP_MMDB: the language, never the address', () => {
    const lookup = createCountryLookup({});
    expect(lookup('90.84.0.1', 'it-IT')).toBe('IT');
    expect(lookup('90.84.0.1', undefined)).toBe(null);
  });

  it("with GEOIP_MMDB: the database's country, else the language's", () => {
    const file = path.join(dir, 'countries.mmdb');
    fs.writeFileSync(
      file,
      writeMmdb({
        '90.84.0.0/16': { country_code: 'FR' },
        '198.51.100.0/24': { country: { iso_code: 'CA' } },
        '192.0.2.0/24': { registered_country: { iso_code: 'NL' } },
        '2001:db8::/32': { country_code: 'JP' },
        '203.0.113.0/24': { country_code: 'not a code' },
      }),
    );
    const lookup = createCountryLookup({ GEOIP_MMDB: file });
    expect(lookup('90.84.200.1', 'de-DE')).toBe('FR');
    expect(lookup('::ffff:90.84.0.9', undefined)).toBe('FR');
    expect(lookup('198.51.100.4', 'fr-FR')).toBe('CA');
    expect(lookup('192.0.2.1', undefined)).toBe('NL');
    expect(lookup('2001:db8:1::5', undefined)).toBe('JP');
    expect(lookup('203.0.113.5', 'pt-PT')).toBe('PT');
    expect(lookup('10.0.0.1', 'pt-PT')).toBe('PT');
    expect(lookup('10.0.0.1', undefined)).toBe(null);
    expect(lookup('not an address', 'es-ES')).toBe('ES');
  });

  it('refuses to start on a file it cannot read', () => {
    expect(() => createCountryLookup({ GEOIP_MMDB: path.join(dir, 'missing.mmdb') })).toThrow(ConfigError);
    const garbage = path.join(dir, 'garbage.mmdb');
    fs.writeFileSync(garbage, 'not a database');
    expect(() => createCountryLookup({ GEOIP_MMDB: garbage })).toThrow(/GEOIP_MMDB/);
  });
});
