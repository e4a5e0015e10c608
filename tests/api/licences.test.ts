// Licences API (docs/product.md §2.3 and §2.7) and the loop with login: the licence dates decide who gets in,
// at login and at the next call; only Admin manages licences.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: string;
const ids: Record<string, number> = {};
let standardId: number;
const DAY = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();

const login = (mail: string, password = DEMO_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/Auth/backoffice/login', payload: { mail, password } });

async function licencesOf(mail: string) {
  return (await t.call('GET', `/api/Licence/User/${ids[mail]}`, admin)).json().$values as Array<
    Record<string, unknown> & { licenceId: number }
  >;
}

/** A fresh Vendeur of Maison Lumière without any licence. */
async function newVendeur(mail: string): Promise<number> {
  const roles = (await t.call('GET', '/api/User/roles', admin)).json().$values as Array<{
    nomRole: string;
    roleId: number;
  }>;
  const me = (await t.call('GET', '/api/User', admin))
    .json()
    .$values.find((u: { mail: string }) => u.mail === 'vendeur@demo.fr');
  const res = await t.call('POST', '/api/User/create', admin, {
    EntrepriseId: me.entrepriseId,
    RoleId: roles.find((r) => r.nomRole === 'Vendeur')!.roleId,
    Nom: 'Test',
    Prenom: 'Licence',
    Mail: mail,
    Password: DEMO_PASSWORD,
    ManagerId: null,
    Fonction: null,
    Mobile: '0612345678',
    IsActive: true,
  });
  expect(res.statusCode).toBe(201);
  ids[mail] = res.json().userId;
  return ids[mail];
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.fr');
  for (const u of (await t.call('GET', '/api/User', admin)).json().$values) ids[u.mail] = u.userId;
  standardId = (await t.call('GET', '/api/TypeLicence', admin))
    .json()
    .$values.find((l: { type: string }) => l.type === 'Standard').typeLicenceId;
});
afterAll(() => t.close());

describe('reading licences', () => {
  it('lists licence types and the licences of a user with their type and dates', async () => {
    const types = (await t.call('GET', '/api/TypeLicence', admin)).json().$values.map((l: { type: string }) => l.type);
    expect(types).toEqual(expect.arrayContaining(['Standard', 'Premium']));
    const [licence] = await licencesOf('vendeur@demo.fr');
    expect(licence).toMatchObject({
      userId: ids['vendeur@demo.fr'],
      type: 'Standard',
      typeLicenceId: standardId,
      typeLicenceList: { type: 'Standard' },
    });
    expect(String(licence.licenceKey)).toMatch(/^V3D-/);
    expect(Date.parse(String(licence.dateActivation))).toBeLessThan(Date.now());
    expect(Date.parse(String(licence.dateExpiration))).toBeGreaterThan(Date.now());
  });

  it("shows a company's licences to its own users only (404 to another company), 400 for a bad id", async () => {
    const directeur = await t.login('directeur@demo.fr');
    expect((await t.call('GET', `/api/Licence/User/${ids['vendeur@demo.fr']}`, directeur)).statusCode).toBe(200);
    expect((await t.call('GET', `/api/Licence/User/${ids['vendeur@atelier-bois.fr']}`, directeur)).statusCode).toBe(
      404,
    );
    expect((await t.call('GET', '/api/Licence/User/x1', admin)).statusCode).toBe(400);
  });
});

describe('licence dates decide login', () => {
  it('a licence activated today lets its new user in; moving its activation ahead refuses the next call', async () => {
    const userId = await newVendeur('nouveau.vendeur@maison.fr');
    const before = await login('nouveau.vendeur@maison.fr');
    expect(before.statusCode).toBe(403);
    expect(before.json().detail).toBe('Licence non activée');
    const created = await t.call('POST', '/api/Licence', admin, {
      UserId: userId,
      TypeLicenceId: standardId,
      Type: 'Standard',
      LicenceKey: 'V3D-NEW-0001',
      DateActivation: new Date().toISOString(),
      DateExpiration: iso(365),
      CreatedAt: new Date().toISOString(),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ userId, licenceKey: 'V3D-NEW-0001', type: 'Standard' });
    const ok = await login('nouveau.vendeur@maison.fr');
    expect(ok.statusCode).toBe(200);
    const token = ok.json().token;
    expect((await t.call('GET', '/api/User/current', token)).statusCode).toBe(200);

    // Not yet active: the next call and the next login answer 403.
    const licenceId = created.json().licenceId;
    const moved = await t.call('PUT', `/api/Licence/${licenceId}/dateactivation`, admin, {
      LicenceId: licenceId,
      DateActivation: iso(3),
    });
    expect(moved.statusCode).toBe(200);
    expect(Date.parse(moved.json().dateActivation)).toBeGreaterThan(Date.now());
    const next = await t.call('GET', '/api/User/current', token);
    expect(next.statusCode).toBe(403);
    expect(next.json().detail).toBe('Licence non activée');
    expect((await login('nouveau.vendeur@maison.fr')).statusCode).toBe(403);
  });

  it('an expired licence answers 403 at the next call and the next login; a new expiry lets the user back', async () => {
    const token = await t.login('vendeur2@demo.fr');
    const [licence] = await licencesOf('vendeur2@demo.fr');
    // Ending a licence at once: its expiry set to now (an earlier date is refused, see below).
    const expired = await t.call('PUT', `/api/Licence/${licence.licenceId}`, admin, {
      LicenceId: licence.licenceId,
      DateExpiration: new Date().toISOString(),
    });
    expect(expired.statusCode).toBe(200);
    expect(Date.parse(expired.json().dateExpiration)).toBeLessThan(Date.now());
    expect((await t.call('GET', '/api/Customers/forCurrentUser', token)).statusCode).toBe(403);
    expect((await login('vendeur2@demo.fr')).statusCode).toBe(403);
    // The older screen's full object: only the expiry changes.
    const renewed = await t.call('PUT', `/api/Licence/${licence.licenceId}`, admin, {
      LicenceId: licence.licenceId,
      UserId: 1,
      TypeLicenceId: 1,
      LicenceKey: licence.licenceKey,
      DateExpiration: iso(30),
      MacAdress: '',
    });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toMatchObject({ userId: ids['vendeur2@demo.fr'], typeLicenceId: licence.typeLicenceId });
    expect((await t.call('GET', '/api/Customers/forCurrentUser', token)).statusCode).toBe(200);
  });

  it('deleting the only licence refuses the user at the next call (204)', async () => {
    const token = await t.login('vendeur@atelier-bois.fr');
    const [licence] = await licencesOf('vendeur@atelier-bois.fr');
    const res = await t.call('DELETE', `/api/Licence/${licence.licenceId}`, admin);
    expect(res.statusCode).toBe(204);
    expect(await licencesOf('vendeur@atelier-bois.fr')).toEqual([]);
    expect((await t.call('GET', '/api/User/current', token)).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/Licence/${licence.licenceId}`, admin)).statusCode).toBe(404);
  });

  it('a disabled user with a licence in force answers 403 at login; the Admin needs no licence', async () => {
    const res = await login('inactif@demo.fr');
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('Utilisateur désactivé');
    expect(await licencesOf('admin@demo.fr')).toEqual([]);
    expect((await login('admin@demo.fr')).statusCode).toBe(200);
  });
});

describe('licence validation and roles', () => {
  it('refuses an expiry in the past and dates in the wrong order on PUT, with a French message, changing nothing (issue 16 §1.4)', async () => {
    const [inForce] = await licencesOf('manager@demo.fr');
    const past = await t.call('PUT', `/api/Licence/${inForce.licenceId}`, admin, {
      LicenceId: inForce.licenceId,
      DateExpiration: iso(-2),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({
      detail: "La date d'expiration ne peut pas être dans le passé",
      errors: { DateExpiration: "La date d'expiration ne peut pas être dans le passé" },
    });
    const future = await t.call('POST', '/api/Licence', admin, {
      UserId: ids['manager@demo.fr'],
      TypeLicenceId: standardId,
      LicenceKey: 'K-ORDER',
      DateActivation: iso(5),
      DateExpiration: iso(10),
    });
    expect(future.statusCode).toBe(201);
    const id = future.json().licenceId;
    const early = await t.call('PUT', `/api/Licence/${id}`, admin, { LicenceId: id, DateExpiration: iso(2) });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors.DateExpiration).toBe("La date d'expiration doit suivre la date d'activation");
    const late = await t.call('PUT', `/api/Licence/${id}/dateactivation`, admin, {
      LicenceId: id,
      DateActivation: iso(20),
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().errors.DateActivation).toBe("La date d'activation doit précéder la date d'expiration");
    const after = (await licencesOf('manager@demo.fr')).find((l) => l.licenceId === id)!;
    expect([after.dateActivation, after.dateExpiration]).toEqual([
      future.json().dateActivation,
      future.json().dateExpiration,
    ]);
    expect(
      (await t.call('PUT', `/api/Licence/${id}`, admin, { LicenceId: id, DateExpiration: iso(30) })).statusCode,
    ).toBe(200);
    expect((await t.call('PUT', `/api/Licence/${id}`, admin, { LicenceId: id, DateExpiration: null })).statusCode).toBe(
      200,
    );
    expect((await t.call('DELETE', `/api/Licence/${id}`, admin)).statusCode).toBe(204);
  });

  it('refuses a missing key, a bad date, an unknown type and an expiry before activation, storing nothing', async () => {
    const userId = ids['manager@demo.fr'];
    const before = (await licencesOf('manager@demo.fr')).length;
    const base = {
      UserId: userId,
      TypeLicenceId: standardId,
      LicenceKey: 'K-1',
      DateActivation: iso(0),
      DateExpiration: iso(10),
    };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ LicenceKey: '' }, 'LicenceKey', 'Clé de licence requise'],
      [{ DateActivation: 'demain' }, 'DateActivation', "Date d'activation invalide"],
      // Out of the licence's years (LICENCE_YEARS): a year before 1000 could not be read back once stored.
      [{ DateActivation: '0017-06-04' }, 'DateActivation', "Date d'activation invalide"],
      [{ DateActivation: '1899-12-31T23:59:59Z' }, 'DateActivation', "Date d'activation invalide"],
      [{ DateExpiration: '9999-12-31T23:59:59-14:00' }, 'DateExpiration', "Date d'expiration invalide"],
      [{ TypeLicenceId: 9999 }, 'TypeLicenceId', 'Type de licence inconnu'],
      [{ DateExpiration: iso(-5) }, 'DateExpiration', "La date d'expiration doit suivre la date d'activation"],
    ];
    for (const [override, field, message] of cases) {
      const res = await t.call('POST', '/api/Licence', admin, { ...base, ...override });
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
    const [licence] = await licencesOf('manager@demo.fr');
    expect(
      (
        await t.call('PUT', `/api/Licence/${licence.licenceId}`, admin, {
          LicenceId: licence.licenceId + 1,
          DateExpiration: iso(3),
        })
      ).statusCode,
    ).toBe(400);
    const ancient = await t.call('PUT', `/api/Licence/${licence.licenceId}/dateactivation`, admin, {
      DateActivation: '0017-06-04',
    });
    expect(ancient.statusCode).toBe(400);
    expect(ancient.json().errors.DateActivation).toBe("Date d'activation invalide");
    // The licence still reads as before (a stored year 17 made its reads answer 500).
    expect((await licencesOf('manager@demo.fr'))[0]).toEqual(licence);
    expect((await licencesOf('manager@demo.fr')).length).toBe(before);
  });

  it('answers 403 to a Vendeur, a Manager and a Directeur for every licence change, and changes nothing', async () => {
    const [licence] = await licencesOf('manager@demo.fr');
    for (const mail of ['vendeur@demo.fr', 'manager@demo.fr', 'directeur@demo.fr']) {
      const token = await t.login(mail);
      const calls: Array<[string, string, unknown?]> = [
        [
          'POST',
          '/api/Licence',
          {
            UserId: ids[mail],
            TypeLicenceId: standardId,
            LicenceKey: 'SELF',
            DateActivation: iso(-1),
            DateExpiration: iso(999),
          },
        ],
        ['PUT', `/api/Licence/${licence.licenceId}`, { LicenceId: licence.licenceId, DateExpiration: iso(999) }],
        [
          'PUT',
          `/api/Licence/${licence.licenceId}/dateactivation`,
          { LicenceId: licence.licenceId, DateActivation: iso(-999) },
        ],
        ['DELETE', `/api/Licence/${licence.licenceId}`],
      ];
      for (const [method, url, body] of calls)
        expect((await t.call(method, url, token, body)).statusCode, `${mail} ${method} ${url}`).toBe(403);
    }
    const after = await licencesOf('manager@demo.fr');
    expect(after).toEqual([licence]);
  });
});
