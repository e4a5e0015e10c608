// POST /api/Model/ModelWithGroup: the multipart round trip, and every rejected upload stores nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../helpers/app';
import { fixture, multipart, type Part, storedFiles } from './catalogueHelpers';

let t: TestApp;
let token: string;
let categoryId: number;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('directeur@demo.fr');
  const res = await t.call('POST', '/api/Categorie', token, { Nom_categorie: 'Tests upload', Id_categorie_mere: null });
  categoryId = res.json().id;
});
afterAll(() => t.close());

const fields = (over: Record<string, string> = {}): Part[] =>
  Object.entries({
    NomGroupeModel: 'Suspension Test',
    IdCategorie: String(categoryId),
    RefPrimaire: 'REF-1',
    RefSecondaire: 'REF-2',
    Specification: 'Verre opale',
    Placement: 'Plafond',
    PrixCatalogue: '1234.50',
    ...over,
  }).map(([k, v]) => [k, v] as Part);

const upload = (parts: Part[], tok = token) => {
  const { payload, headers } = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/Model/ModelWithGroup',
    payload,
    headers: { ...headers, authorization: `Bearer ${tok}` },
  });
};

const download = (key: string, tok = token) => t.call('GET', `/api/Fichier/${key}`, tok);

describe('POST /api/Model/ModelWithGroup', () => {
  it('stores a product with two images, an icon, an STL and two PDFs, lists it and serves the same bytes back', async () => {
    const before = storedFiles(t.filesDir).length;
    const res = await upload([
      ...fields(),
      ['CheminImageGroupe', fixture('suspension-1.png'), 'a.png'],
      ['CheminImageGroupe', fixture('suspension-2.png'), 'b.png'],
      ['Icone', fixture('icone.png'), 'icone.png'],
      ['Chemin_3d', fixture('abat-jour.stl'), 'abat-jour.stl'],
      ['Chemin_pdf', fixture('fiche-produit.pdf'), 'fiche.pdf'],
      ['FicheCote', fixture('fiche-cote.pdf'), 'cote.pdf'],
    ]);
    expect(res.statusCode).toBe(201);
    const { idGroupeModel } = res.json();
    expect(idGroupeModel).toBeGreaterThan(0);
    // The six files, the GLB converted from the STL for the viewer (docs/uploads.md, "3D models") and the
    // viewer's WebP poster of the first image (docs/viewer.md, "Caching").
    expect(storedFiles(t.filesDir).length).toBe(before + 8);

    const list = (await t.call('GET', '/api/GroupeModel', token)).json();
    expect(list.$values).toBeDefined();
    const p = list.$values.find((g: { idGroupeModel: number }) => g.idGroupeModel === idGroupeModel);
    expect(p).toMatchObject({
      nomGroupeModel: 'Suspension Test',
      idCategorie: categoryId,
      nomCategorie: 'Tests upload',
      refPrimaire: 'REF-1',
      refSecondaire: 'REF-2',
      specification: 'Verre opale',
      placement: 'Plafond',
      prixCatalogue: 1234.5,
    });
    expect(p.cheminImageGroupe).toHaveLength(2);

    const image = await download(p.cheminImageGroupe[1]);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(fixture('suspension-2.png'))).toBe(true);
    const stl = await download(p.chemin3d);
    expect(stl.rawPayload.equals(fixture('abat-jour.stl'))).toBe(true);
    const pdf = await download(p.cheminPdf);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.equals(fixture('fiche-produit.pdf'))).toBe(true);
    expect((await download(p.ficheCote)).rawPayload.equals(fixture('fiche-cote.pdf'))).toBe(true);
    expect((await download(p.icone)).rawPayload.equals(fixture('icone.png'))).toBe(true);
  });

  it('accepts FBX and GLB 3D files, and a French price with a comma', async () => {
    for (const [file, name] of [
      ['nuage.fbx', 'nuage.fbx'],
      ['applique.glb', 'applique.glb'],
    ]) {
      const res = await upload([
        ...fields({ PrixCatalogue: '1 249,90' }),
        ['CheminImageGroupe', fixture('applique.png'), 'a.png'],
        ['Chemin_3d', fixture(file), name],
      ]);
      expect(res.statusCode).toBe(201);
      const g = (await t.call('GET', `/api/GroupeModel/${res.json().idGroupeModel}`, token)).json();
      expect(g.prixCatalogue).toBe(1249.9);
      expect((await download(g.chemin3d)).rawPayload.equals(fixture(file))).toBe(true);
    }
  });

  it('serves files only to the owning company', async () => {
    const g = (await t.call('GET', '/api/GroupeModel', token))
      .json()
      .$values.find((x: { cheminImageGroupe: string[] }) => x.cheminImageGroupe.length > 0);
    const other = await t.login('vendeur@atelier-bois.fr');
    expect((await download(g.cheminImageGroupe[0], other)).statusCode).toBe(404);
    expect((await download(g.cheminImageGroupe[0], await t.login('vendeur@demo.fr'))).statusCode).toBe(200);
    expect((await t.call('GET', `/api/Fichier/${g.cheminImageGroupe[0]}`, null)).statusCode).toBe(401);
    expect((await download('catalogue/../../etc/passwd')).statusCode).toBe(404);
  });

  const rejected: Array<[string, Part[], number, string?]> = [
    [
      'a text file as an image',
      [['CheminImageGroupe', Buffer.from('hello, not an image'), 'x.png']],
      400,
      'CheminImageGroupe',
    ],
    ['a PDF as an image', [['CheminImageGroupe', fixture('fiche-produit.pdf'), 'x.png']], 400, 'CheminImageGroupe'],
    [
      'an image as the 3D file',
      [
        ['CheminImageGroupe', fixture('applique.png'), 'a.png'],
        ['Chemin_3d', fixture('applique.png'), 'x.stl'],
      ],
      400,
      'Chemin_3d',
    ],
    [
      'a PNG as the product sheet',
      [
        ['CheminImageGroupe', fixture('applique.png'), 'a.png'],
        ['Chemin_pdf', fixture('applique.png'), 'x.pdf'],
      ],
      400,
      'Chemin_pdf',
    ],
    [
      'an STL as the fiche de cote',
      [
        ['CheminImageGroupe', fixture('applique.png'), 'a.png'],
        ['FicheCote', fixture('abat-jour.stl'), 'x.pdf'],
      ],
      400,
      'FicheCote',
    ],
    [
      'a PDF as the icon',
      [
        ['CheminImageGroupe', fixture('applique.png'), 'a.png'],
        ['Icone', fixture('fiche-cote.pdf'), 'i.png'],
      ],
      400,
      'Icone',
    ],
    [
      'an unknown file field',
      [
        ['CheminImageGroupe', fixture('applique.png'), 'a.png'],
        ['Autre', fixture('applique.png'), 'a.png'],
      ],
      400,
    ],
    [
      'an image over 10 MiB',
      [['CheminImageGroupe', Buffer.concat([fixture('applique.png'), Buffer.alloc(10 * 1024 * 1024)]), 'big.png']],
      413,
    ],
    [
      'an icon over 2 MiB',
      [
        ['CheminImageGroupe', fixture('applique.png'), 'a.png'],
        ['Icone', Buffer.concat([fixture('icone.png'), Buffer.alloc(2 * 1024 * 1024)]), 'i.png'],
      ],
      413,
    ],
  ];
  it.each(rejected)('rejects %s and stores nothing', async (_label, files, status, field) => {
    const before = storedFiles(t.filesDir);
    const count = (await t.call('GET', '/api/GroupeModel', token)).json().$values.length;
    const res = await upload([...fields({ NomGroupeModel: 'Refusé' }), ...files]);
    expect(res.statusCode).toBe(status);
    if (field) expect(res.json().errors[field]).toBeTruthy();
    expect(storedFiles(t.filesDir)).toEqual(before);
    expect((await t.call('GET', '/api/GroupeModel', token)).json().$values.length).toBe(count);
  });

  it("rejects 21 images with the spec's message and stores nothing", async () => {
    const before = storedFiles(t.filesDir);
    const images = Array.from({ length: 21 }, (_, i): Part => [
      'CheminImageGroupe',
      fixture('applique.png'),
      `${i}.png`,
    ]);
    const res = await upload([...fields(), ...images]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.CheminImageGroupe).toBe("Vous ne pouvez télécharger que jusqu'à 20 images.");
    expect(storedFiles(t.filesDir)).toEqual(before);
    const twenty = await upload([...fields({ NomGroupeModel: 'Vingt images' }), ...images.slice(1)]);
    expect(twenty.statusCode).toBe(201);
  });

  it("answers the spec's messages for a missing name or category, and stores nothing", async () => {
    const before = storedFiles(t.filesDir);
    const image: Part = ['CheminImageGroupe', fixture('applique.png'), 'a.png'];
    const noName = await upload([...fields({ NomGroupeModel: '  ' }), image]);
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors.NomGroupeModel).toBe('Vous devez nommer votre produit.');
    const noCategory = await upload([...fields({ IdCategorie: '' }), image]);
    expect(noCategory.json().errors.IdCategorie).toBe('Vous devez sélectionner une catégorie pour le produit.');
    const badPlacement = await upload([...fields({ Placement: 'Toit' }), image]);
    expect(badPlacement.statusCode).toBe(400);
    const badPrice = await upload([...fields({ PrixCatalogue: 'douze' }), image]);
    expect(badPrice.json().errors.PrixCatalogue).toBe('Prix catalogue invalide');
    expect(storedFiles(t.filesDir)).toEqual(before);
  });

  it("refuses another company's category with 404 and stores nothing", async () => {
    const atelier = await t.login('directeur@atelier-bois.fr');
    const theirs = (await t.call('GET', '/api/Categorie', atelier)).json().$values[0];
    const before = storedFiles(t.filesDir);
    const res = await upload([
      ...fields({ IdCategorie: String(theirs.id) }),
      ['CheminImageGroupe', fixture('applique.png'), 'a.png'],
    ]);
    expect(res.statusCode).toBe(404);
    expect(storedFiles(t.filesDir)).toEqual(before);
  });

  it('accepts a product without placement (the form only warns)', async () => {
    const res = await upload([
      ...fields({ Placement: '', PrixCatalogue: '' }),
      ['CheminImageGroupe', fixture('applique.png'), 'a.png'],
    ]);
    expect(res.statusCode).toBe(201);
    const g = (await t.call('GET', `/api/GroupeModel/${res.json().idGroupeModel}`, token)).json();
    expect(g.placement).toBeNull();
    expect(g.prixCatalogue).toBeNull();
  });

  it('requires a token and a multipart body', async () => {
    const { payload, headers } = multipart(fields());
    const anon = await t.app.inject({ method: 'POST', url: '/api/Model/ModelWithGroup', payload, headers });
    expect(anon.statusCode).toBe(401);
    const json = await t.call('POST', '/api/Model/ModelWithGroup', token, { NomGroupeModel: 'x' });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ status: 415, title: expect.any(String), detail: expect.any(String) });
  });
});
