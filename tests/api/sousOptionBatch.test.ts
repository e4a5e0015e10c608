// Issue 16 §1.1: the /sousdiv table is saved all or nothing. A table with one bad row stores nothing (no
// row, no file); once fixed, the same table stores each row exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../helpers/app';
import { fixture, multipart, type Part, storedFiles } from './catalogueHelpers';

let t: TestApp;
let maison: string;
let atelier: string;
beforeAll(async () => {
  t = await createTestApp();
  [maison, atelier] = await Promise.all([t.login('manager@demo.fr'), t.login('directeur@atelier-bois.fr')]);
});
afterAll(() => t.close());

const post = (parts: Part[], token: string) => {
  const { payload, headers } = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/SousOption/Batch',
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
};
const groupeOf = async (token: string) => {
  const res = await t.call('GET', '/api/GroupeModel', token);
  return (res.json().$values as Array<{ idGroupeModel: number }>)[0].idGroupeModel;
};
const sousNoms = async (id: number) =>
  ((await t.call('GET', `/api/SousOption/GroupeModel/${id}`, maison)).json().$values as Array<{ sousNom: string }>).map(
    (s) => s.sousNom,
  );

describe('POST /api/SousOption/Batch', () => {
  it('stores nothing when one row has an invalid icon, then each row once after the fix', async () => {
    const id = await groupeOf(maison);
    const before = await sousNoms(id);
    const files = storedFiles(t.filesDir);
    const rows = JSON.stringify([
      { SousNom: 'Lot-Petite', Tailles: '30 cm' },
      { SousNom: 'Lot-Grande', Tailles: '' },
    ]);
    const bad = await post(
      [
        ['IdModel', String(id)],
        ['Rows', rows],
        ['SousIcone_0', fixture('fiche-cote.pdf'), 'i.png'],
        ['SousIcone_1', fixture('icone.png'), 'j.png'],
      ],
      maison,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.SousIcone_0).toMatch(/Icône de la subdivision 1/);
    expect(await sousNoms(id)).toEqual(before);
    expect(storedFiles(t.filesDir)).toEqual(files);

    const ok = await post(
      [
        ['IdModel', String(id)],
        ['Rows', rows],
        ['SousIcone_0', fixture('icone.png'), 'i.png'],
        ['SousIcone_1', fixture('icone.png'), 'j.png'],
      ],
      maison,
    );
    expect(ok.statusCode).toBe(201);
    const saved = ok.json().$values as Array<{ sousNom: string; tailles: string | null; sousIcone: string | null }>;
    expect(saved.map((s) => [s.sousNom, s.tailles])).toEqual([
      ['Lot-Petite', '30 cm'],
      ['Lot-Grande', null],
    ]);
    expect(saved.every((s) => s.sousIcone)).toBe(true);
    const after = await sousNoms(id);
    expect(after.filter((n) => n === 'Lot-Petite')).toHaveLength(1);
    expect(after.filter((n) => n === 'Lot-Grande')).toHaveLength(1);
  });

  it('refuses a blank row name with an error keyed by its row, storing nothing', async () => {
    const id = await groupeOf(maison);
    const before = await sousNoms(id);
    const res = await post(
      [
        ['IdModel', String(id)],
        ['Rows', JSON.stringify([{ SousNom: 'Lot-OK' }, { SousNom: ' ' }])],
      ],
      maison,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ SousNom_1: 'Le nom de la subdivision est requis' });
    expect(await sousNoms(id)).toEqual(before);
    for (const rows of ['[]', 'pas du json', '{}'])
      expect(
        (
          await post(
            [
              ['IdModel', String(id)],
              ['Rows', rows],
            ],
            maison,
          )
        ).statusCode,
      ).toBe(400);
    const orphanIcon = await post(
      [
        ['IdModel', String(id)],
        ['Rows', '[{"SousNom":"A"}]'],
        ['SousIcone_3', fixture('icone.png'), 'i.png'],
      ],
      maison,
    );
    expect(orphanIcon.statusCode).toBe(400);
  });

  it("answers 404 for another company's product", async () => {
    const theirs = await groupeOf(atelier);
    const res = await post(
      [
        ['IdModel', String(theirs)],
        ['Rows', '[{"SousNom":"Intrus"}]'],
      ],
      maison,
    );
    expect(res.statusCode).toBe(404);
  });
});
