// Issue 16 §1.6 and §1.7: a product is created without image, edited (fields and files, replaced files
// removed from storage) and deleted with its stored files; a product with statistics is not deleted.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as s from '../../server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { fixture, multipart, type Part, storedFiles } from './catalogueHelpers';

let t: TestApp;
let maison: string;
let atelier: string;
let categoryId: number;
beforeAll(async () => {
  t = await createTestApp();
  [maison, atelier] = await Promise.all([t.login('manager@demo.fr'), t.login('directeur@atelier-bois.fr')]);
  categoryId = (await t.call('GET', '/api/Categorie', maison)).json().$values[0].id;
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT', url: string, parts: Part[], token: string) => {
  const { payload, headers } = multipart(parts);
  return t.app.inject({ method, url, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
};
const fields = (over: Record<string, string> = {}): Part[] =>
  Object.entries({
    NomGroupeModel: 'Applique Test',
    IdCategorie: String(categoryId),
    Placement: 'Mur',
    PrixCatalogue: '10',
    ...over,
  });
const read = async (id: number) => (await t.call('GET', `/api/GroupeModel/${id}`, maison)).json();

describe('a product without image (§1.7)', () => {
  it('is created with no image at all', async () => {
    const res = await send('POST', '/api/Model/ModelWithGroup', fields({ NomGroupeModel: 'Sans image' }), maison);
    expect(res.statusCode).toBe(201);
    expect((await read(res.json().idGroupeModel)).cheminImageGroupe).toEqual([]);
  });
});

describe('PUT /api/GroupeModel/{id} (§1.6)', () => {
  it('changes the fields, replaces sent files, empties the fields named in Retirer and removes the old files', async () => {
    const created = await send(
      'POST',
      '/api/Model/ModelWithGroup',
      [
        ...fields(),
        ['CheminImageGroupe', fixture('applique.png'), 'a.png'],
        ['Chemin_pdf', fixture('fiche-produit.pdf'), 'f.pdf'],
      ],
      maison,
    );
    const id = created.json().idGroupeModel;
    const before = await read(id);
    const res = await send(
      'PUT',
      `/api/GroupeModel/${id}`,
      [
        ...fields({ NomGroupeModel: 'Applique Modifiée', PrixCatalogue: '12.5', RefPrimaire: 'AP-2' }),
        ['Retirer', 'Chemin_pdf'],
        ['CheminImageGroupe', fixture('suspension-1.png'), 'b.png'],
        ['CheminImageGroupe', fixture('suspension-2.png'), 'c.png'],
      ],
      maison,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      nomGroupeModel: 'Applique Modifiée',
      prixCatalogue: 12.5,
      refPrimaire: 'AP-2',
      cheminPdf: null,
    });
    const after = await read(id);
    expect(after.cheminImageGroupe).toHaveLength(2);
    const stored = storedFiles(t.filesDir).map((f) => `catalogue/${f}`);
    expect(stored).not.toContain(before.cheminImageGroupe[0]);
    expect(stored).not.toContain(before.cheminPdf);
    for (const key of after.cheminImageGroupe) expect(stored).toContain(key);
    // Nothing sent for a file field: it is kept.
    const again = await send('PUT', `/api/GroupeModel/${id}`, fields({ NomGroupeModel: 'Applique 3' }), maison);
    expect(again.json().cheminImageGroupe).toEqual(after.cheminImageGroupe);
  });

  it('refuses a blank name or a bad file, changing nothing and storing nothing', async () => {
    const id = (await send('POST', '/api/Model/ModelWithGroup', fields({ NomGroupeModel: 'Intact' }), maison)).json()
      .idGroupeModel;
    const files = storedFiles(t.filesDir);
    expect((await send('PUT', `/api/GroupeModel/${id}`, fields({ NomGroupeModel: ' ' }), maison)).statusCode).toBe(400);
    expect(
      (
        await send(
          'PUT',
          `/api/GroupeModel/${id}`,
          [...fields(), ['Icone', fixture('fiche-cote.pdf'), 'i.png']],
          maison,
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (await send('PUT', `/api/GroupeModel/${id}`, [...fields(), ['Retirer', 'Inconnu']], maison)).statusCode,
    ).toBe(400);
    expect((await read(id)).nomGroupeModel).toBe('Intact');
    expect(storedFiles(t.filesDir)).toEqual(files);
  });

  it("answers 404 for another company's product", async () => {
    const id = (await send('POST', '/api/Model/ModelWithGroup', fields({ NomGroupeModel: 'Le mien' }), maison)).json()
      .idGroupeModel;
    expect((await send('PUT', `/api/GroupeModel/${id}`, fields({ NomGroupeModel: 'Volé' }), atelier)).statusCode).toBe(
      404,
    );
    expect((await t.call('DELETE', `/api/GroupeModel/${id}`, atelier)).statusCode).toBe(404);
    expect((await read(id)).nomGroupeModel).toBe('Le mien');
  });
});

describe('DELETE /api/GroupeModel/{id} (§1.6)', () => {
  it('deletes a product with its models, sub-options and every stored file', async () => {
    const id = (
      await send(
        'POST',
        '/api/Model/ModelWithGroup',
        [...fields({ NomGroupeModel: 'À jeter' }), ['CheminImageGroupe', fixture('applique.png'), 'a.png']],
        maison,
      )
    ).json().idGroupeModel;
    expect(
      (
        await send(
          'POST',
          '/api/Model',
          [
            ['Nom', 'Variante'],
            ['IdGroupeModel', String(id)],
            ['Icone', fixture('icone.png'), 'i.png'],
          ],
          maison,
        )
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await send(
          'POST',
          '/api/SousOption',
          [
            ['SousNom', 'Petite'],
            ['IdModel', String(id)],
            ['SousIcone', fixture('icone.png'), 'i.png'],
          ],
          maison,
        )
      ).statusCode,
    ).toBe(201);
    const before = storedFiles(t.filesDir).length;
    const res = await t.call('DELETE', `/api/GroupeModel/${id}`, maison);
    expect(res.statusCode).toBe(204);
    expect((await t.call('GET', `/api/GroupeModel/${id}`, maison)).statusCode).toBe(404);
    expect(storedFiles(t.filesDir).length).toBe(before - 3);
  });

  it('refuses (409, French message) a product with statistics, which stays', async () => {
    const [event] = await t.database.db.select({ produitId: s.productEvents.produitId }).from(s.productEvents).limit(1);
    const [g] = await t.database.db
      .select()
      .from(s.groupeModels)
      .where(eq(s.groupeModels.idGroupeModel, event.produitId));
    const [owner] = await t.database.db.select().from(s.users).where(eq(s.users.entrepriseId, g.entrepriseId)).limit(1);
    const token = await t.login(owner.mail);
    const res = await t.call('DELETE', `/api/GroupeModel/${g.idGroupeModel}`, token);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      'Ce produit a des statistiques de consultation : le supprimer les effacerait. Il reste au catalogue.',
    );
    expect((await t.call('GET', `/api/GroupeModel/${g.idGroupeModel}`, token)).statusCode).toBe(200);
  });
});
