// Categories, options, sub-options, models, colours and the company's catalogue date, scoped to the company.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../helpers/app';
import { fixture, multipart, type Part, storedFiles } from './catalogueHelpers';

let t: TestApp;
let maison: string;
let atelier: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  [maison, atelier, admin] = await Promise.all([
    t.login('manager@demo.fr'),
    t.login('directeur@atelier-bois.fr'),
    t.login('admin@demo.fr'),
  ]);
});
afterAll(() => t.close());

const post = (url: string, parts: Part[], token: string) => {
  const { payload, headers } = multipart(parts);
  return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
};
const values = async (url: string, token: string) => {
  const res = await t.call('GET', url, token);
  expect(res.statusCode).toBe(200);
  return res.json().$values as Array<Record<string, unknown>>;
};
const seededProduct = async (token: string, name: string) =>
  (await values('/api/GroupeModel', token)).find((g) => g.nomGroupeModel === name) as {
    idGroupeModel: number;
    cheminImageGroupe: string[];
  };

describe('categories', () => {
  it('creates a category and a sub-category and lists them with the parent name', async () => {
    const parent = await t.call('POST', '/api/Categorie', maison, {
      Nom_categorie: 'Extérieur',
      Id_categorie_mere: null,
      EntrepriseId: null,
    });
    expect(parent.statusCode).toBe(201);
    expect(parent.json()).toMatchObject({ nomCategorie: 'Extérieur', nomCategorieMere: null, idCategorieMere: null });
    const child = await t.call('POST', '/api/Categorie', maison, {
      Nom_categorie: 'Bornes',
      Id_categorie_mere: parent.json().id,
    });
    expect(child.statusCode).toBe(201);
    const list = await values('/api/Categorie', maison);
    expect(list).toContainEqual({
      id: child.json().id,
      nomCategorie: 'Bornes',
      nomCategorieMere: 'Extérieur',
      idCategorieMere: parent.json().id,
    });
    expect(list.some((c) => c.nomCategorie === 'Tables')).toBe(false);
  });

  it('refuses an empty name', async () => {
    const res = await t.call('POST', '/api/Categorie', maison, { Nom_categorie: ' ', Id_categorie_mere: null });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.Nom_categorie).toBe('Le nom de la catégorie est requis');
  });

  it('deletes a category with all its sub-categories; products stay, without category', async () => {
    const root = (await t.call('POST', '/api/Categorie', maison, { Nom_categorie: 'À supprimer' })).json();
    const child = (
      await t.call('POST', '/api/Categorie', maison, { Nom_categorie: 'Enfant', Id_categorie_mere: root.id })
    ).json();
    const grandchild = (
      await t.call('POST', '/api/Categorie', maison, { Nom_categorie: 'Petit-enfant', Id_categorie_mere: child.id })
    ).json();
    const product = await post(
      '/api/Model/ModelWithGroup',
      [
        ['NomGroupeModel', 'Produit orphelin'],
        ['IdCategorie', String(grandchild.id)],
        ['CheminImageGroupe', fixture('applique.png'), 'a.png'],
      ],
      maison,
    );
    expect(product.statusCode).toBe(201);
    const res = await t.call('DELETE', `/api/Categorie/${root.id}`, maison);
    expect(res.statusCode).toBe(204);
    const ids = (await values('/api/Categorie', maison)).map((c) => c.id);
    for (const id of [root.id, child.id, grandchild.id]) expect(ids).not.toContain(id);
    const g = (await t.call('GET', `/api/GroupeModel/${product.json().idGroupeModel}`, maison)).json();
    expect(g.idCategorie).toBeNull();
    expect((await t.call('DELETE', `/api/Categorie/${root.id}`, maison)).statusCode).toBe(404);
  });

  it("answers 404 for another company's category, and 400 for a non-numeric id", async () => {
    const theirs = (await values('/api/Categorie', atelier))[0];
    expect((await t.call('DELETE', `/api/Categorie/${Number(theirs.id)}`, maison)).statusCode).toBe(404);
    expect(
      (await t.call('POST', '/api/Categorie', maison, { Nom_categorie: 'Intrus', Id_categorie_mere: theirs.id }))
        .statusCode,
    ).toBe(404);
    const atelierId = (await t.call('GET', '/api/User/current', atelier)).json().entrepriseId;
    expect(
      (await t.call('POST', '/api/Categorie', maison, { Nom_categorie: 'Intrus', EntrepriseId: atelierId })).statusCode,
    ).toBe(404);
    expect((await values('/api/Categorie', atelier)).map((c) => c.nomCategorie)).not.toContain('Intrus');
    expect((await t.call('DELETE', '/api/Categorie/abc', maison)).statusCode).toBe(400);
  });

  it('lets an Admin act on a company given by the query or the payload', async () => {
    const atelierId = (await t.call('GET', '/api/User/current', atelier)).json().entrepriseId;
    const created = await t.call('POST', '/api/Categorie', admin, {
      Nom_categorie: 'Chaises',
      EntrepriseId: atelierId,
    });
    expect(created.statusCode).toBe(201);
    expect((await values('/api/Categorie', atelier)).map((c) => c.nomCategorie)).toContain('Chaises');
    expect((await values(`/api/Categorie?entrepriseId=${atelierId}`, admin)).map((c) => c.nomCategorie)).toContain(
      'Chaises',
    );
    expect((await t.call('GET', '/api/Categorie?entrepriseId=99999', admin)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/Categorie?entrepriseId=${atelierId}`, maison)).statusCode).toBe(404);
  });
});

describe('product groups and company isolation', () => {
  it("lists only the company's products; another company's product answers 404", async () => {
    const mine = await values('/api/GroupeModel', maison);
    const theirs = await values('/api/GroupeModel', atelier);
    expect(mine.map((g) => g.nomGroupeModel)).toContain('Suspension Opale');
    expect(theirs.map((g) => g.nomGroupeModel)).toContain('Table Chêne Massif');
    expect(mine.map((g) => g.nomGroupeModel)).not.toContain('Table Chêne Massif');
    const table = theirs.find((g) => g.nomGroupeModel === 'Table Chêne Massif') as {
      idGroupeModel: number;
      cheminImageGroupe: string[];
    };
    expect((await t.call('GET', `/api/GroupeModel/${table.idGroupeModel}`, maison)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/Fichier/${table.cheminImageGroupe[0]}`, maison)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/Fichier/${table.cheminImageGroupe[0]}`, atelier)).statusCode).toBe(200);
    expect((await t.call('GET', `/api/Option/GroupeModel/${table.idGroupeModel}`, maison)).statusCode).toBe(404);
  });
});

describe('POST /api/Option', () => {
  it('stores a Bascule, a Liste and a Coloris option sent in parallel', async () => {
    const g = await seededProduct(maison, 'Applique Laiton');
    const base = {
      idModel: g.idGroupeModel,
      nom: null,
      cheminIconeGroupe: null,
      cheminIcone: null,
      chemin3d: null,
      sousNom: null,
      sousIcone: null,
      idModelNavigation: null,
    };
    const results = await Promise.all([
      t.call('POST', '/api/Option', maison, {
        ...base,
        typeOption: 'Texte',
        nomGroupe: 'Variateur',
        toggle: { left: 'Non', right: 'Oui' },
        liste: null,
        colorTag: null,
      }),
      t.call('POST', '/api/Option', maison, {
        ...base,
        typeOption: 'Texte',
        nomGroupe: 'Abat-jour',
        toggle: null,
        liste: ['Lin', 'Coton', 'Soie'],
        colorTag: null,
      }),
      t.call('POST', '/api/Option', maison, {
        ...base,
        typeOption: 'Coloris',
        nomGroupe: 'Finition',
        toggle: null,
        liste: null,
        colorTag: 'Métaux',
      }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const list = await values(`/api/Option/GroupeModel/${g.idGroupeModel}`, maison);
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          typeOption: 'Texte',
          nomGroupe: 'Variateur',
          toggle: { left: 'Non', right: 'Oui' },
          liste: null,
        }),
        expect.objectContaining({
          typeOption: 'Texte',
          nomGroupe: 'Abat-jour',
          liste: ['Lin', 'Coton', 'Soie'],
          toggle: null,
        }),
        expect.objectContaining({ typeOption: 'Coloris', nomGroupe: 'Finition', colorTag: 'Métaux' }),
      ]),
    );
  });

  it("refuses a blank group name, a list of 6 or with a blank item, and another company's product", async () => {
    const g = await seededProduct(maison, 'Applique Laiton');
    const blank = await t.call('POST', '/api/Option', maison, {
      idModel: g.idGroupeModel,
      typeOption: 'Texte',
      nomGroupe: '',
      liste: ['a'],
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.nomGroupe).toBe('Le nom du groupe est requis');
    const six = await t.call('POST', '/api/Option', maison, {
      idModel: g.idGroupeModel,
      typeOption: 'Texte',
      nomGroupe: 'L',
      liste: ['1', '2', '3', '4', '5', '6'],
    });
    expect(six.statusCode).toBe(400);
    expect(six.json().errors.liste).toBe('Une liste contient au plus 5 éléments');
    const blankItem = await t.call('POST', '/api/Option', maison, {
      idModel: g.idGroupeModel,
      typeOption: 'Texte',
      nomGroupe: 'L',
      liste: ['1', ' '],
    });
    expect(blankItem.statusCode).toBe(400);
    const table = (await values('/api/GroupeModel', atelier))[0] as { idGroupeModel: number };
    const foreign = await t.call('POST', '/api/Option', maison, {
      idModel: table.idGroupeModel,
      typeOption: 'Coloris',
      nomGroupe: 'X',
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('POST /api/SousOption', () => {
  it('stores sub-options with an icon file, and refuses a non-image icon without storing it', async () => {
    const g = await seededProduct(maison, 'Suspension Nuage');
    const ok = await post(
      '/api/SousOption',
      [
        ['SousNom', 'Petite'],
        ['IdModel', String(g.idGroupeModel)],
        ['Tailles', '30 cm'],
        ['SousIcone', fixture('icone.png'), 'i.png'],
      ],
      maison,
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ sousNom: 'Petite', tailles: '30 cm' });
    const icon = await t.call('GET', `/api/Fichier/${ok.json().sousIcone}`, maison);
    expect(icon.rawPayload.equals(fixture('icone.png'))).toBe(true);
    const before = storedFiles(t.filesDir);
    const bad = await post(
      '/api/SousOption',
      [
        ['SousNom', 'X'],
        ['IdModel', String(g.idGroupeModel)],
        ['SousIcone', fixture('fiche-cote.pdf'), 'i.png'],
      ],
      maison,
    );
    expect(bad.statusCode).toBe(400);
    const noName = await post(
      '/api/SousOption',
      [
        ['SousNom', ''],
        ['IdModel', String(g.idGroupeModel)],
        ['SousIcone', fixture('icone.png'), 'i.png'],
      ],
      maison,
    );
    expect(noName.statusCode).toBe(400);
    expect(storedFiles(t.filesDir)).toEqual(before);
    const list = await values(`/api/SousOption/GroupeModel/${g.idGroupeModel}`, maison);
    expect(list.map((s) => s.sousNom)).toContain('Petite');
  });
});

describe('models', () => {
  it('creates a model with an icon and a 3D file, lists it, and hides it from another company', async () => {
    const g = await seededProduct(maison, 'Lampadaire Arc');
    const res = await post(
      '/api/Model',
      [
        ['Nom', 'Arc XL'],
        ['IdGroupeModel', String(g.idGroupeModel)],
        ['Icone', fixture('icone.png'), 'i.png'],
        ['Model3d', fixture('nuage.fbx'), 'n.fbx'],
      ],
      maison,
    );
    expect(res.statusCode).toBe(201);
    expect((await values(`/api/Model?groupId=${g.idGroupeModel}`, maison)).map((m) => m.nom)).toEqual(['Arc XL']);
    expect((await values('/api/Model', maison)).map((m) => m.nom)).toContain('Arc XL');
    expect((await values('/api/Model', atelier)).map((m) => m.nom)).not.toContain('Arc XL');
    expect((await t.call('GET', `/api/Model?groupId=${g.idGroupeModel}`, atelier)).statusCode).toBe(404);
    const bad = await post(
      '/api/Model',
      [
        ['Nom', 'Arc'],
        ['IdGroupeModel', String(g.idGroupeModel)],
        ['Model3d', fixture('applique.png'), 'p.stl'],
      ],
      maison,
    );
    expect(bad.statusCode).toBe(400);
  });
});

describe('colours', () => {
  it('stores a palette as colours of the company only', async () => {
    const payloads = [
      { nuancier: 'Pastels', nomCouleur: 'Rose poudré', valeur: '#F4C2C2', description: 'Tons doux' },
      { nuancier: 'Pastels', nomCouleur: 'Vert d’eau', valeur: '#b2d8c7', description: 'Tons doux' },
    ];
    for (const p of payloads) expect((await t.call('POST', '/api/Couleur', maison, p)).statusCode).toBe(201);
    const mine = await values('/api/Couleur', maison);
    expect(mine).toContainEqual(
      expect.objectContaining({
        nom: 'Rose poudré',
        nomCouleur: 'Rose poudré',
        valeur: '#f4c2c2',
        nuancier: 'Pastels',
        description: 'Tons doux',
      }),
    );
    expect((await values('/api/Couleur', atelier)).map((c) => c.nuancier)).not.toContain('Pastels');
    const bad = await t.call('POST', '/api/Couleur', maison, { nuancier: 'P', nomCouleur: 'X', valeur: 'rouge' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.valeur).toBe('Couleur invalide (format #RRGGBB)');
  });
});

describe('GET/PUT /api/Entreprise/{id}', () => {
  it("sets the catalogue validation date of the user's company; another company answers 404", async () => {
    // The validation date is a company setting: Directeur (and Admin), not Manager (docs/permissions.md).
    const directeur = await t.login('directeur@demo.fr');
    const me = (await t.call('GET', '/api/User/current', maison)).json();
    const id = me.entrepriseId;
    const got = await t.call('GET', `/api/Entreprise/${id}`, maison);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ entrepriseId: id, nomEntreprise: 'Maison Lumière' });
    const put = await t.call('PUT', `/api/Entreprise/${id}`, directeur, {
      nomEntreprise: 'Maison Lumière',
      entrepriseId: id,
      dateValidCatalogue: '2026-11-21',
    });
    expect(put.statusCode).toBe(200);
    expect((await t.call('GET', `/api/Entreprise/${id}`, maison)).json().dateValidCatalogue).toBe('2026-11-21');
    const atelierId = (await t.call('GET', '/api/User/current', atelier)).json().entrepriseId;
    expect((await t.call('GET', `/api/Entreprise/${atelierId}`, maison)).statusCode).toBe(404);
    expect(
      (
        await t.call('PUT', `/api/Entreprise/${atelierId}`, directeur, {
          entrepriseId: atelierId,
          dateValidCatalogue: '2026-11-21',
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.call('GET', `/api/Entreprise/${atelierId}`, atelier)).json().dateValidCatalogue).toBeNull();
    expect(
      (await t.call('PUT', `/api/Entreprise/${id}`, directeur, { entrepriseId: id, dateValidCatalogue: 'hier' }))
        .statusCode,
    ).toBe(400);
    expect((await t.call('GET', `/api/Entreprise/${atelierId}`, admin)).statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents the catalogue routes', async () => {
    const paths = Object.keys((await t.call('GET', '/api/docs', null)).json().paths);
    for (const p of [
      '/api/Model/ModelWithGroup',
      '/api/Categorie',
      '/api/Categorie/{id}',
      '/api/GroupeModel',
      '/api/Model',
      '/api/Option',
      '/api/SousOption',
      '/api/Couleur',
      '/api/Entreprise/{id}',
    ])
      expect(paths).toContain(p);
  });
});
