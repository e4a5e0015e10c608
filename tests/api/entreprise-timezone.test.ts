// The company's reporting time zone (the dashboard's day, week, month and year edges): Europe/Paris by
// default, sent as timeZone, chosen by an Admin at creation among the IANA names, anything else refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: string;
let directeur: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.fr');
  directeur = await t.login('directeur@demo.fr');
});
afterAll(() => t.close());

type Ent = { entrepriseId: number; nomEntreprise: string; timeZone: string };
const list = async (token: string) => (await t.call('GET', '/api/Entreprise', token)).json().$values as Ent[];

describe('timeZone of a company', () => {
  it('is Europe/Paris by default, for an Admin and for a company user', async () => {
    const all = await list(admin);
    expect(all.length).toBeGreaterThan(1);
    expect(all.every((e) => e.timeZone === 'Europe/Paris')).toBe(true);
    const own = await list(directeur);
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ nomEntreprise: 'Maison Lumière', timeZone: 'Europe/Paris' });
  });

  it('is chosen at creation, stored and sent back', async () => {
    const res = await t.call('POST', '/api/Entreprise', admin, {
      NomEntreprise: 'Studio Montréal',
      Telephone: '0320000000',
      Siret: '44306184100047',
      TimeZone: 'America/Toronto',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().timeZone).toBe('America/Toronto');
    expect((await list(admin)).find((e) => e.nomEntreprise === 'Studio Montréal')!.timeZone).toBe('America/Toronto');
  });

  it('refuses a name that is not an IANA time zone, and creates nothing', async () => {
    const before = (await list(admin)).length;
    const res = await t.call('POST', '/api/Entreprise', admin, {
      NomEntreprise: 'Studio Mars',
      Telephone: '0320000000',
      Siret: '38012986600030',
      TimeZone: 'Mars/Olympus',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.TimeZone).toBe('Fuseau horaire invalide (nom IANA, par exemple Europe/Paris)');
    expect((await list(admin)).length).toBe(before);
  });

  it('is changed by an Admin through PUT /api/Entreprise/{id}; a Directeur may not, an unknown zone is refused', async () => {
    const maison = (await list(directeur))[0];
    const put = (token: string, body: object) => t.call('PUT', `/api/Entreprise/${maison.entrepriseId}`, token, body);
    expect((await put(directeur, { timeZone: 'America/Toronto' })).statusCode).toBe(403);
    expect((await put(admin, { timeZone: 'Mars/Olympus' })).statusCode).toBe(400);
    expect((await list(directeur))[0].timeZone).toBe('Europe/Paris');
    const res = await put(admin, { timeZone: 'Europe/London' });
    expect(res.statusCode).toBe(200);
    expect(res.json().timeZone).toBe('Europe/London');
    expect((await list(directeur))[0].timeZone).toBe('Europe/London');
    // The same value sent back by a Directeur is not a change.
    expect((await put(directeur, { timeZone: 'Europe/London' })).statusCode).toBe(200);
    await put(admin, { timeZone: 'Europe/Paris' });
  });

  it('is stored in its canonical spelling, whatever the case typed (form and route share the schema)', async () => {
    const created = await t.call('POST', '/api/Entreprise', admin, {
      NomEntreprise: 'Studio Casse',
      Telephone: '0320000000',
      Siret: '51234567800019',
      TimeZone: 'europe/paris',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().timeZone).toBe('Europe/Paris');
    const id = created.json().entrepriseId as number;
    const put = await t.call('PUT', `/api/Entreprise/${id}`, admin, { timeZone: ' utc ' });
    expect(put.json().timeZone).toBe('UTC');
    expect((await list(admin)).find((e) => e.entrepriseId === id)!.timeZone).toBe('UTC');
    // The stored name typed otherwise is no change: a Directeur sending it back is not refused.
    const maison = (await list(directeur))[0];
    expect(
      (await t.call('PUT', `/api/Entreprise/${maison.entrepriseId}`, directeur, { timeZone: 'EUROPE/PARIS' }))
        .statusCode,
    ).toBe(200);
  });
});
