// Users and companies API (docs/product.md sections 3, 5, 6, 7): reading by reach, creation with the form's rules,
// inline edits, disable and password change, each Admin-only rule checked with nothing changed.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { users } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: string;
const ids: Record<string, number> = {};
let roleId: Record<string, number>;
let maisonId: number;
let atelierId: number;

const NEW_PASSWORD = 'Nouveau#Passe2026';

function payload(overrides: Record<string, unknown> = {}) {
  return {
    EntrepriseId: maisonId,
    RoleId: roleId.Vendeur,
    Nom: 'Bernard',
    Prenom: 'Élodie',
    Mail: 'elodie.bernard@maison.fr',
    Password: 'Motdepasse1!',
    ManagerId: null,
    Fonction: 'Conseillère',
    Mobile: '0612345678',
    IsActive: true,
    ...overrides,
  };
}

async function userCount() {
  return (await t.call('GET', '/api/User', admin)).json().$values.length as number;
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
  maisonId = ents.find((e) => e.nomEntreprise === 'Maison Lumière')!.entrepriseId;
  atelierId = ents.find((e) => e.nomEntreprise === 'Atelier Bois & Design')!.entrepriseId;
});
afterAll(() => t.close());

describe('reading users', () => {
  it('lists every user for an Admin, with role, company and no password', async () => {
    const res = await t.call('GET', '/api/User', admin);
    expect(res.statusCode).toBe(200);
    const list = res.json().$values;
    expect(list.length).toBeGreaterThanOrEqual(9);
    const directeur = list.find((u: { mail: string }) => u.mail === 'directeur@demo.fr');
    expect(directeur).toMatchObject({
      nom: 'Lefèvre',
      prenom: 'Denis',
      nomRole: 'Directeur',
      role: 'Directeur',
      nomEntreprise: 'Maison Lumière',
      isActive: true,
    });
    expect(Number.isNaN(Date.parse(directeur.createdAt))).toBe(false);
    expect(res.body).not.toContain('passwordHash');
    expect(res.body).not.toContain('argon2');
  });

  it('says who holds a licence in force (the sign-in rule): the user list marks the others', async () => {
    const list = (await t.call('GET', '/api/User', admin)).json().$values as Array<{
      mail: string;
      licenceEnVigueur: boolean;
      isActive: boolean;
    }>;
    const of = (mail: string) => list.find((u) => u.mail === mail)!;
    expect(of('directeur@demo.fr').licenceEnVigueur).toBe(true);
    expect(of('vendeur@demo.fr').licenceEnVigueur).toBe(true);
    expect(of('attente@demo.fr').licenceEnVigueur).toBe(false); // licence not yet activated
    expect(of('admin@demo.fr').licenceEnVigueur).toBe(false); // staff: none needed, none held
    expect(of('inactif@demo.fr')).toMatchObject({ isActive: false, licenceEnVigueur: true });
    // An expiry set to now ends it at once.
    const vendeur2 = ids['vendeur2@demo.fr'];
    const licence = (await t.call('GET', `/api/Licence/User/${vendeur2}`, admin)).json().$values[0];
    expect(
      (
        await t.call('PUT', `/api/Licence/${licence.licenceId}`, admin, {
          LicenceId: licence.licenceId,
          DateExpiration: new Date().toISOString(),
        })
      ).statusCode,
    ).toBe(200);
    const after = (await t.call('GET', `/api/User/${vendeur2}`, admin)).json();
    expect(after.licenceEnVigueur).toBe(false);
  });

  it("gives a non-Admin only his company's users", async () => {
    const list = (await t.call('GET', '/api/User', await t.login('vendeur@demo.fr'))).json().$values;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((u: { nomEntreprise: string }) => u.nomEntreprise === 'Maison Lumière')).toBe(true);
  });

  it('answers one user by id, 404 for another company to a non-Admin, 400 for a non-numeric id', async () => {
    const vendeur = await t.login('vendeur@demo.fr');
    const own = await t.call('GET', `/api/User/${ids['manager@demo.fr']}`, vendeur);
    expect(own.statusCode).toBe(200);
    // A Vendeur reads a colleague's name and role, not his contacts (docs/permissions.md).
    expect(own.json()).toMatchObject({ nom: 'Girard', mail: null, nomRole: 'Manager' });
    expect((await t.call('GET', `/api/User/${ids['vendeur@atelier-bois.fr']}`, vendeur)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/User/${ids['vendeur@atelier-bois.fr']}`, admin)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/User/abc', admin)).statusCode).toBe(400);
    expect((await t.call('GET', '/api/User/999999', admin)).statusCode).toBe(404);
  });

  it('lists the roles and the users of a company; another company answers 404 to a non-Admin', async () => {
    const roles = (await t.call('GET', '/api/User/roles', admin))
      .json()
      .$values.map((r: { nomRole: string }) => r.nomRole);
    expect(roles).toEqual(expect.arrayContaining(['Admin', 'Directeur', 'Manager', 'Vendeur']));
    const byEnt = (await t.call('GET', `/api/User/ByEntreprise/${atelierId}`, admin)).json().$values;
    expect(byEnt.map((u: { mail: string }) => u.mail).sort()).toEqual([
      'directeur@atelier-bois.fr',
      'vendeur@atelier-bois.fr',
    ]);
    const directeur = await t.login('directeur@demo.fr');
    expect((await t.call('GET', `/api/User/ByEntreprise/${maisonId}`, directeur)).statusCode).toBe(200);
    expect((await t.call('GET', `/api/User/ByEntreprise/${atelierId}`, directeur)).statusCode).toBe(404);
    // The static segment is not taken for a user id, whatever the case.
    expect((await t.call('GET', '/api/user/ROLES', admin)).statusCode).toBe(200);
  });
});

describe('POST /api/Entreprise', () => {
  it('creates a company with a valid SIRET (Admin)', async () => {
    const ok = await t.call('POST', '/api/Entreprise', admin, {
      NomEntreprise: 'Studio Nord',
      Adresse: '1 rue de Lille',
      Telephone: '0320000000',
      Siret: '44306184100047',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ nomEntreprise: 'Studio Nord', telephone: '0320000000', siret: '44306184100047' });
    const names = (await t.call('GET', '/api/Entreprise', admin))
      .json()
      .$values.map((e: { nomEntreprise: string }) => e.nomEntreprise);
    expect(names).toContain('Studio Nord');
  });

  it('refuses each invalid field with its message, stores nothing, and a known SIRET with 409', async () => {
    const before = (await t.call('GET', '/api/Entreprise', admin)).json().$values.length;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ NomEntreprise: '' }, 'NomEntreprise', "Nom de l'entreprise requis"],
      [{ Telephone: '03200000' }, 'Telephone', 'Numéro de téléphone invalide (10 chiffres)'],
      [{ Telephone: '03200000ab' }, 'Telephone', 'Numéro de téléphone invalide (10 chiffres)'],
      [{ Siret: '1234567890123' }, 'Siret', 'SIRET invalide (14 chiffres avec une clé valide)'],
      [{ Siret: '44306184100048' }, 'Siret', 'SIRET invalide (14 chiffres avec une clé valide)'],
    ];
    for (const [override, field, message] of cases) {
      const res = await t.call('POST', '/api/Entreprise', admin, {
        NomEntreprise: 'Studio Sud',
        Adresse: 'x',
        Telephone: '0491000000',
        Siret: '38012986600030',
        ...override,
      });
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
    expect((await t.call('GET', '/api/Entreprise', admin)).json().$values.length).toBe(before);
    const dup = await t.call('POST', '/api/Entreprise', admin, {
      NomEntreprise: 'Copie',
      Telephone: '0491000000',
      Siret: '73282932000074',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().detail).toBe('Une entreprise avec ce SIRET existe déjà.');
  });

  it('answers 403 to a Vendeur, a Manager and a Directeur, and creates nothing', async () => {
    const before = (await t.call('GET', '/api/Entreprise', admin)).json().$values.length;
    for (const mail of ['vendeur@demo.fr', 'manager@demo.fr', 'directeur@demo.fr']) {
      const res = await t.call('POST', '/api/Entreprise', await t.login(mail), {
        NomEntreprise: 'Pirate',
        Telephone: '0491000000',
        Siret: '38012986600030',
      });
      expect(res.statusCode, mail).toBe(403);
    }
    expect((await t.call('GET', '/api/Entreprise', admin)).json().$values.length).toBe(before);
  });
});

describe('POST /api/User/create', () => {
  it('creates a user with a lower-cased mail and an argon2id hash; without a licence his login answers 403', async () => {
    const res = await t.call(
      'POST',
      '/api/User/create',
      admin,
      payload({ Mail: 'Elodie.Bernard@Maison.FR', ManagerId: ids['manager@demo.fr'] }),
    );
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      mail: 'elodie.bernard@maison.fr',
      nom: 'Bernard',
      prenom: 'Élodie',
      nomRole: 'Vendeur',
      managerId: ids['manager@demo.fr'],
      isActive: true,
      mobile: '0612345678',
    });
    const [stored] = await t.database.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.userId, created.userId));
    expect(stored.hash).toMatch(/^\$argon2id\$/);
    // No licence yet: the password is right, the licence refusal follows.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/Auth/backoffice/login',
      payload: { mail: 'ELODIE.bernard@maison.fr', password: 'Motdepasse1!' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().detail).toBe('Licence non activée');
    ids['elodie.bernard@maison.fr'] = created.userId;
  });

  it("creates a user left inactive when 'Activer l'utilisateur immédiatement' is unchecked: his login answers 403", async () => {
    const res = await t.call(
      'POST',
      '/api/User/create',
      admin,
      payload({ Mail: 'inactif.cree@maison.fr', IsActive: false }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().isActive).toBe(false);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/Auth/backoffice/login',
      payload: { mail: 'inactif.cree@maison.fr', password: 'Motdepasse1!' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().detail).toBe('Utilisateur désactivé');
  });

  it('documents the routes in the OpenAPI document', async () => {
    const paths = Object.keys((await t.call('GET', '/api/docs', null)).json().paths);
    for (const p of [
      '/api/User',
      '/api/User/create',
      '/api/User/{userId}/password',
      '/api/Entreprise',
      '/api/Licence/{id}/dateactivation',
      '/api/TypeLicence',
    ]) {
      expect(paths, p).toContain(p);
    }
  });

  it('answers 409 with a clear message for a mail already used, whatever its case', async () => {
    const before = await userCount();
    const res = await t.call('POST', '/api/User/create', admin, payload({ Mail: 'VENDEUR@demo.fr' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('Cet email est déjà utilisé par un autre utilisateur.');
    expect(await userCount()).toBe(before);
  });

  it('refuses every rule of docs/product.md §2.5 with its message, and stores nothing', async () => {
    const before = await userCount();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ Nom: '' }, 'Nom', 'Nom requis'],
      [{ Nom: 'B4rnard' }, 'Nom', 'Nom invalide (50 caractères max, lettres et espaces seulement)'],
      [{ Nom: 'a'.repeat(51) }, 'Nom', 'Nom invalide (50 caractères max, lettres et espaces seulement)'],
      [{ Prenom: '  ' }, 'Prenom', 'Prénom requis'],
      [{ Prenom: 'Élo_die' }, 'Prenom', 'Prénom invalide (50 caractères max, lettres et espaces seulement)'],
      [{ Mail: '' }, 'Mail', 'Email requis'],
      [{ Mail: 'pas-un-mail' }, 'Mail', 'Email invalide'],
      [{ Mail: `${'a'.repeat(251)}@x.fr` }, 'Mail', 'Email invalide'],
      [{ Password: '' }, 'Password', 'Mot de passe requis'],
      [{ Password: 'Court1!' }, 'Password', 'Mot de passe invalide (10 à 255 caractères)'],
      [{ Password: 'motdepasse1!' }, 'Password', 'Le mot de passe doit contenir au moins une majuscule'],
      [{ Password: 'Motdepasse!' }, 'Password', 'Le mot de passe doit contenir au moins un chiffre'],
      [{ Password: 'Motdepasse1' }, 'Password', 'Le mot de passe doit contenir au moins un caractère spécial'],
      [{ Mobile: '' }, 'Mobile', 'Numéro de mobile requis'],
      [{ Mobile: '06123' }, 'Mobile', 'Numéro de mobile invalide (10 chiffres)'],
    ];
    for (const [override, field, message] of cases) {
      const res = await t.call('POST', '/api/User/create', admin, payload({ Mail: 'nouveau@maison.fr', ...override }));
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(override)).toBe(message);
    }
    const stranger = await t.call(
      'POST',
      '/api/User/create',
      admin,
      payload({ Mail: 'nouveau@maison.fr', ManagerId: ids['vendeur@atelier-bois.fr'] }),
    );
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().errors.ManagerId).toBe("Le manager doit appartenir à l'entreprise choisie");
    expect(
      (await t.call('POST', '/api/User/create', admin, payload({ Mail: 'nouveau@maison.fr', EntrepriseId: 99999 })))
        .statusCode,
    ).toBe(400);
    expect(await userCount()).toBe(before);
  });

  it('answers 403 to a Vendeur, a Manager and a Directeur, and creates nothing', async () => {
    const before = await userCount();
    for (const mail of ['vendeur@demo.fr', 'manager@demo.fr', 'directeur@demo.fr']) {
      const res = await t.call('POST', '/api/User/create', await t.login(mail), payload({ Mail: 'intrus@maison.fr' }));
      expect(res.statusCode, mail).toBe(403);
    }
    expect(await userCount()).toBe(before);
  });
});

describe('inline edits PUT /api/User/{id}/{field}', () => {
  it('changes fonction, nom, prenom, mail and mobile (Admin)', async () => {
    const id = ids['vendeur2@demo.fr'];
    const edits: Array<[string, Record<string, string>, Record<string, string>]> = [
      ['fonction', { fonction: 'Responsable showroom' }, { fonction: 'Responsable showroom' }],
      ['nom', { nom: 'Roux-Durand' }, { nom: 'Roux-Durand' }],
      ['prenom', { prenom: 'Valérie Anne' }, { prenom: 'Valérie Anne' }],
      ['mail', { mail: 'Valerie.Roux@Demo.fr' }, { mail: 'valerie.roux@demo.fr' }],
      ['mobile', { mobile: '0699887766' }, { mobile: '0699887766' }],
    ];
    for (const [field, body, expected] of edits) {
      const res = await t.call('PUT', `/api/User/${id}/${field}`, admin, body);
      expect(res.statusCode, field).toBe(200);
      expect(res.json()).toMatchObject(expected);
    }
    expect((await t.call('GET', `/api/User/${id}`, admin)).json()).toMatchObject({
      nom: 'Roux-Durand',
      mail: 'valerie.roux@demo.fr',
      mobile: '0699887766',
    });
    ids['valerie.roux@demo.fr'] = id;
  });

  it('refuses invalid values with their message and a used mail with 409, changing nothing', async () => {
    const id = ids['directeur@demo.fr'];
    const bad: Array<[string, Record<string, string>, string]> = [
      ['nom', { nom: '' }, 'Nom requis'],
      ['prenom', { prenom: 'D3nis' }, 'Prénom invalide (50 caractères max, lettres et espaces seulement)'],
      ['mail', { mail: 'nope' }, 'Email invalide'],
      ['mobile', { mobile: '12' }, 'Numéro de mobile invalide (10 chiffres)'],
    ];
    for (const [field, body, message] of bad) {
      const res = await t.call('PUT', `/api/User/${id}/${field}`, admin, body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
    const dup = await t.call('PUT', `/api/User/${id}/mail`, admin, { mail: 'MANAGER@demo.fr' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().detail).toBe('Cet email est déjà utilisé par un autre utilisateur.');
    expect((await t.call('GET', `/api/User/${id}`, admin)).json()).toMatchObject({
      nom: 'Lefèvre',
      prenom: 'Denis',
      mail: 'directeur@demo.fr',
    });
  });

  it("refuses another Admin's fields but lets an Admin edit his own", async () => {
    const created = await t.call(
      'POST',
      '/api/User/create',
      admin,
      payload({
        Mail: 'admin2@visio3d.fr',
        RoleId: roleId.Admin,
        EntrepriseId: (await t.call('GET', '/api/User/current', admin)).json().entrepriseId,
      }),
    );
    expect(created.statusCode).toBe(201);
    const other = created.json().userId;
    const refused = await t.call('PUT', `/api/User/${other}/nom`, admin, { nom: 'Autre' });
    expect(refused.statusCode).toBe(403);
    expect((await t.call('GET', `/api/User/${other}`, admin)).json().nom).toBe('Bernard');
    const own = await t.call('PUT', `/api/User/${ids['admin@demo.fr']}/fonction`, admin, {
      fonction: 'Support technique',
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().fonction).toBe('Support technique');
  });

  it('answers 403 to a Vendeur, a Manager and a Directeur for every field, and changes nothing', async () => {
    const id = ids['vendeur@demo.fr'];
    const before = (await t.call('GET', `/api/User/${id}`, admin)).json();
    for (const mail of ['vendeur@demo.fr', 'manager@demo.fr', 'directeur@demo.fr']) {
      const token = await t.login(mail);
      for (const [field, value] of Object.entries({
        fonction: 'Chef',
        nom: 'Pirate',
        prenom: 'Jean',
        mail: 'pirate@demo.fr',
        mobile: '0600000000',
      })) {
        const res = await t.call('PUT', `/api/User/${id}/${field}`, token, { [field]: value });
        expect(res.statusCode, `${mail} ${field}`).toBe(403);
      }
    }
    expect((await t.call('GET', `/api/User/${id}`, admin)).json()).toEqual(before);
  });
});

describe('password change and disable', () => {
  it('changes a password (204): old tokens stop working, the old password fails, the new one signs in', async () => {
    const token = await t.login('manager@demo.fr');
    const id = ids['manager@demo.fr'];
    const bad = await t.call('PUT', `/api/User/${id}/password`, admin, { newPassword: 'sansmajuscule1!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.newPassword).toBe('Le mot de passe doit contenir au moins une majuscule');
    expect((await t.call('GET', '/api/User/current', token)).statusCode).toBe(200);
    const res = await t.call('PUT', `/api/User/${id}/password`, admin, { newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await t.call('GET', '/api/User/current', token)).statusCode).toBe(401);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/Auth/backoffice/login',
      payload: { mail: 'manager@demo.fr', password: 'Demo!2026pass' },
    });
    expect(old.statusCode).toBe(401);
    expect((await t.call('GET', '/api/User/current', await t.login('manager@demo.fr', NEW_PASSWORD))).statusCode).toBe(
      200,
    );
  });

  it('answers 403 to non-Admins for password and disable, changing nothing', async () => {
    const target = ids['vendeur@demo.fr'];
    // The manager's password was changed by the test above.
    for (const [mail, password] of [
      ['vendeur@demo.fr', undefined],
      ['manager@demo.fr', NEW_PASSWORD],
      ['directeur@demo.fr', undefined],
    ]) {
      const token = await t.login(mail!, password);
      expect(
        (await t.call('PUT', `/api/User/${target}/password`, token, { newPassword: 'Pirate#Passe2026' })).statusCode,
        mail,
      ).toBe(403);
      expect((await t.call('PUT', `/api/User/${target}/disable`, token)).statusCode, mail).toBe(403);
    }
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/Auth/backoffice/login',
      payload: { mail: 'vendeur@demo.fr', password: 'Pirate#Passe2026' },
    });
    expect(old.statusCode).toBe(401);
    expect((await t.call('GET', `/api/User/${target}`, admin)).json().isActive).toBe(true);
    expect((await t.call('GET', '/api/User/current', await t.login('vendeur@demo.fr'))).statusCode).toBe(200);
  });

  it('disables a user: his token stops at once, his next login answers 403, and an Admin cannot disable himself', async () => {
    const token = await t.login('vendeur@atelier-bois.fr');
    expect((await t.call('GET', '/api/Customers/forCurrentUser', token)).statusCode).toBe(200);
    const res = await t.call('PUT', `/api/User/${ids['vendeur@atelier-bois.fr']}/disable`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().isActive).toBe(false);
    expect((await t.call('GET', '/api/Customers/forCurrentUser', token)).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/Auth/backoffice/login',
      payload: { mail: 'vendeur@atelier-bois.fr', password: 'Demo!2026pass' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().detail).toBe('Utilisateur désactivé');
    expect((await t.call('PUT', `/api/User/${ids['admin@demo.fr']}/disable`, admin)).statusCode).toBe(400);
  });
});
