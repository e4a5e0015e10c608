// Least privilege (docs/permissions.md): each rule of the role x action table on the real server, each
// refusal checked with nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: string;
const ids: Record<string, number> = {};
let roleId: Record<string, number>;
let providerId: number;
let maisonId: number;
let atelierId: number;

const login = (mail: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/Auth/backoffice/login', payload: { mail, password } });

function userPayload(overrides: Record<string, unknown>) {
  return {
    EntrepriseId: maisonId,
    RoleId: roleId.Vendeur,
    Nom: 'Privilège',
    Prenom: 'Moindre',
    Mail: 'x@y.fr',
    Password: DEMO_PASSWORD,
    ManagerId: null,
    Fonction: null,
    Mobile: '0612345678',
    IsActive: true,
    ...overrides,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.fr');
  for (const u of (await t.call('GET', '/api/User', admin)).json().$values) ids[u.mail] = u.userId;
  roleId = Object.fromEntries(
    (await t.call('GET', '/api/User/roles', admin))
      .json()
      .$values.map((r: { nomRole: string; roleId: number }) => [r.nomRole, r.roleId]),
  );
  const ents = (await t.call('GET', '/api/Entreprise', admin)).json().$values as Array<{
    nomEntreprise: string;
    entrepriseId: number;
  }>;
  providerId = ents.find((e) => e.nomEntreprise === 'Visio3D')!.entrepriseId;
  maisonId = ents.find((e) => e.nomEntreprise === 'Maison Lumière')!.entrepriseId;
  atelierId = ents.find((e) => e.nomEntreprise === 'Atelier Bois & Design')!.entrepriseId;
});
afterAll(() => t.close());

describe('another Admin', () => {
  it("refuses to reset another Admin's password or disable him (403), changing nothing", async () => {
    const created = await t.call(
      'POST',
      '/api/User/create',
      admin,
      userPayload({ EntrepriseId: providerId, RoleId: roleId.Admin, Mail: 'admin2@visio3d.fr' }),
    );
    expect(created.statusCode).toBe(201);
    const other = created.json().userId;
    const reset = await t.call('PUT', `/api/User/${other}/password`, admin, { newPassword: 'Pirate#Passe2026' });
    expect(reset.statusCode).toBe(403);
    expect(reset.json().detail).toBe("Les informations d'un autre administrateur ne peuvent pas être modifiées");
    expect((await login('admin2@visio3d.fr', 'Pirate#Passe2026')).statusCode).toBe(401);
    const disable = await t.call('PUT', `/api/User/${other}/disable`, admin);
    expect(disable.statusCode).toBe(403);
    expect((await t.call('GET', `/api/User/${other}`, admin)).json().isActive).toBe(true);
    expect((await login('admin2@visio3d.fr', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it("refuses an Admin's reset of his own password: that needs the current one", async () => {
    const res = await t.call('PUT', `/api/User/${ids['admin@demo.fr']}/password`, admin, {
      newPassword: 'Pirate#Passe2026',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/Modifier mon mot de passe/);
    expect((await login('admin@demo.fr', DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe('the Admin role exists only in the provider company', () => {
  it('refuses an Admin in a client company (400 on RoleId), creating nothing', async () => {
    const before = (await t.call('GET', '/api/User', admin)).json().$values.length;
    for (const EntrepriseId of [maisonId, atelierId]) {
      const res = await t.call(
        'POST',
        '/api/User/create',
        admin,
        userPayload({ EntrepriseId, RoleId: roleId.Admin, Mail: `faux.admin${EntrepriseId}@client.fr` }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.RoleId).toBe("Le rôle Admin n'existe que dans l'entreprise du prestataire");
    }
    expect((await t.call('GET', '/api/User', admin)).json().$values.length).toBe(before);
  });

  it('still creates the other roles in a client company', async () => {
    const res = await t.call(
      'POST',
      '/api/User/create',
      admin,
      userPayload({ EntrepriseId: atelierId, RoleId: roleId.Manager, Mail: 'manager@atelier-bois.fr' }),
    );
    expect(res.statusCode).toBe(201);
  });
});

describe('licence keys', () => {
  it("hides a colleague's licence keys and MAC addresses from a Vendeur, a Manager and a Directeur, keeping state and dates", async () => {
    for (const mail of ['vendeur2@demo.fr', 'manager@demo.fr', 'directeur@demo.fr']) {
      const res = await t.call('GET', `/api/Licence/User/${ids['vendeur@demo.fr']}`, await t.login(mail));
      expect(res.statusCode, mail).toBe(200);
      const [licence] = res.json().$values;
      expect(licence, mail).toMatchObject({ licenceKey: null, macAdress: null, type: 'Standard' });
      expect(Date.parse(licence.dateExpiration)).toBeGreaterThan(Date.now());
      expect(res.body).not.toMatch(/V3D-/);
    }
  });

  it("shows the keys to the licence's own user and to an Admin", async () => {
    for (const token of [await t.login('vendeur@demo.fr'), admin]) {
      const [licence] = (await t.call('GET', `/api/Licence/User/${ids['vendeur@demo.fr']}`, token)).json().$values;
      expect(licence.licenceKey).toMatch(/^V3D-/);
    }
  });
});

describe("colleagues' contacts", () => {
  it('gives a Vendeur no colleague mail nor mobile in any user answer, only his own', async () => {
    const vendeur = await t.login('vendeur@demo.fr');
    for (const url of ['/api/User', `/api/User/ByEntreprise/${maisonId}`]) {
      const list = (await t.call('GET', url, vendeur)).json().$values as Array<{
        userId: number;
        mail: string | null;
        mobile: string | null;
        nom: string;
      }>;
      expect(list.length).toBeGreaterThan(2);
      for (const u of list) {
        if (u.userId === ids['vendeur@demo.fr']) expect(u.mail).toBe('vendeur@demo.fr');
        else expect(u, url).toMatchObject({ mail: null, mobile: null });
      }
    }
    const one = (await t.call('GET', `/api/User/${ids['manager@demo.fr']}`, vendeur)).json();
    expect(one).toMatchObject({ nomRole: 'Manager', mail: null, mobile: null });
    expect((await t.call('GET', `/api/User/${ids['vendeur@demo.fr']}`, vendeur)).json().mail).toBe('vendeur@demo.fr');
  });

  it("gives a Manager and a Directeur their colleagues' contacts", async () => {
    for (const mail of ['manager@demo.fr', 'directeur@demo.fr']) {
      const list = (await t.call('GET', '/api/User', await t.login(mail))).json().$values as Array<{ mail: string }>;
      expect(list.map((u) => u.mail)).toContain('vendeur@demo.fr');
    }
  });
});

describe('catalogue structure and company settings', () => {
  async function categoryOf(token: string) {
    const res = await t.call('POST', '/api/Categorie', token, {
      Nom_categorie: 'Appliques',
      Id_categorie_mere: null,
      EntrepriseId: null,
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
  }

  it('refuses a Vendeur to create or delete a category (403), deleting nothing', async () => {
    const vendeur = await t.login('vendeur@demo.fr');
    const id = await categoryOf(await t.login('manager@demo.fr'));
    const created = await t.call('POST', '/api/Categorie', vendeur, {
      Nom_categorie: 'Pirate',
      Id_categorie_mere: null,
      EntrepriseId: null,
    });
    expect(created.statusCode).toBe(403);
    const deleted = await t.call('DELETE', `/api/Categorie/${id}`, vendeur);
    expect(deleted.statusCode).toBe(403);
    const names = (await t.call('GET', '/api/Categorie', vendeur))
      .json()
      .$values.map((c: { id: number; nomCategorie: string }) => c.id);
    expect(names).toContain(id);
  });

  it('lets a Manager and a Directeur manage categories', async () => {
    for (const mail of ['manager@demo.fr', 'directeur@demo.fr']) {
      const token = await t.login(mail);
      expect((await t.call('DELETE', `/api/Categorie/${await categoryOf(token)}`, token)).statusCode, mail).toBe(204);
    }
  });

  it("refuses a Vendeur and a Manager the company's catalogue validity (403); a Directeur sets it", async () => {
    const before = (await t.call('GET', `/api/Entreprise/${maisonId}`, admin)).json();
    for (const mail of ['vendeur@demo.fr', 'manager@demo.fr']) {
      const res = await t.call('PUT', `/api/Entreprise/${maisonId}`, await t.login(mail), {
        dateValidCatalogue: '2026-01-15',
      });
      expect(res.statusCode, mail).toBe(403);
    }
    expect((await t.call('GET', `/api/Entreprise/${maisonId}`, admin)).json()).toEqual(before);
    const ok = await t.call('PUT', `/api/Entreprise/${maisonId}`, await t.login('directeur@demo.fr'), {
      dateValidCatalogue: '2026-01-15',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().dateValidCatalogue).toBe('2026-01-15');
  });
});

describe("'Modifier mon mot de passe' PUT /api/User/me/password", () => {
  it('refuses a wrong current password with a French 400, changing nothing', async () => {
    const token = await t.login('vendeur2@demo.fr');
    const res = await t.call('PUT', '/api/User/me/password', token, {
      currentPassword: 'Mauvais!2026pass',
      newPassword: 'Nouveau#Passe2026',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 400,
      detail: 'Mot de passe actuel incorrect',
      errors: { currentPassword: 'Mot de passe actuel incorrect' },
    });
    expect((await t.call('GET', '/api/User/current', token)).statusCode).toBe(200);
    expect((await login('vendeur2@demo.fr', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('checks the new password by the password policy, and requires the current one', async () => {
    const token = await t.login('vendeur2@demo.fr');
    const weak = await t.call('PUT', '/api/User/me/password', token, {
      currentPassword: DEMO_PASSWORD,
      newPassword: 'court',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.newPassword).toBe('Mot de passe invalide (10 à 255 caractères)');
    const missing = await t.call('PUT', '/api/User/me/password', token, { newPassword: 'Nouveau#Passe2026' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.currentPassword).toBe('Mot de passe actuel requis');
    const same = await t.call('PUT', '/api/User/me/password', token, {
      currentPassword: DEMO_PASSWORD,
      newPassword: DEMO_PASSWORD,
    });
    expect(same.statusCode).toBe(400);
  });

  it('lets a Vendeur change his own: a fresh token answers, older sessions end, the new password signs in', async () => {
    const token = await t.login('vendeur2@demo.fr');
    const other = await t.login('vendeur2@demo.fr');
    const res = await t.call('PUT', '/api/User/me/password', token, {
      currentPassword: DEMO_PASSWORD,
      newPassword: 'Nouveau#Passe2026',
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().token as string;
    expect((await t.call('GET', '/api/User/current', token)).statusCode).toBe(401);
    expect((await t.call('GET', '/api/User/current', other)).statusCode).toBe(401);
    expect((await t.call('GET', '/api/User/current', fresh)).json().mail).toBe('vendeur2@demo.fr');
    expect((await login('vendeur2@demo.fr', DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await login('vendeur2@demo.fr', 'Nouveau#Passe2026')).statusCode).toBe(200);
  });

  it('makes an Admin give his current password too', async () => {
    const mine = await t.login('admin@demo.fr');
    const wrong = await t.call('PUT', '/api/User/me/password', mine, {
      currentPassword: 'Mauvais!2026pass',
      newPassword: 'Nouveau#Passe2026',
    });
    expect(wrong.statusCode).toBe(400);
    const ok = await t.call('PUT', '/api/User/me/password', mine, {
      currentPassword: DEMO_PASSWORD,
      newPassword: 'Nouveau#Passe2026',
    });
    expect(ok.statusCode).toBe(200);
    expect((await login('admin@demo.fr', 'Nouveau#Passe2026')).statusCode).toBe(200);
    admin = ok.json().token;
  });

  it('answers 401 without a session', async () => {
    expect(
      (
        await t.call('PUT', '/api/User/me/password', null, {
          currentPassword: DEMO_PASSWORD,
          newPassword: 'Nouveau#Passe2026',
        })
      ).statusCode,
    ).toBe(401);
  });
});
