// The text fields of the multipart routes follow the same rules as the JSON ones (domain/text.ts): an
// over-long value or a control character answers the field's own message, never "requis", and stores nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { rowsOf } from '../../server/db/client';
import { createTestApp, type TestApp } from '../helpers/app';
import { multipart, type Part } from './catalogueHelpers';

let t: TestApp;
let token: string;
let groupId: number;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('directeur@demo.fr');
  groupId = (await t.call('GET', '/api/GroupeModel', token)).json().$values[0].idGroupeModel;
});
afterAll(() => t.close());

const post = (url: string, parts: Part[]) => {
  const { payload, headers } = multipart(parts);
  return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
};
const count = async (table: string) =>
  Number(rowsOf<{ n: number }>(await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0].n);

describe('multipart text fields', () => {
  it.each([
    ['a name over 200 characters', 'x'.repeat(201)],
    ['a NUL character', 'Lampe\u0000bis'],
    ['a line feed in a one-line name', 'Lampe\nbis'],
  ])("POST /api/Model refuses %s with the name's own message", async (_label, nom) => {
    const before = await count('models');
    const res = await post('/api/Model', [
      ['Nom', nom],
      ['IdGroupeModel', String(groupId)],
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.Nom).toBe('Nom du modèle invalide (200 caractères max)');
    expect(await count('models')).toBe(before);
  });

  it('POST /api/SousOption refuses an over-long or control-character sub-name and sizes', async () => {
    const before = await count('sous_options');
    const long = await post('/api/SousOption', [
      ['SousNom', 'y'.repeat(201)],
      ['IdModel', String(groupId)],
    ]);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.SousNom).toBe('Nom de la subdivision invalide (200 caractères max)');
    const sizes = await post('/api/SousOption', [
      ['SousNom', 'Pied'],
      ['IdModel', String(groupId)],
      ['Tailles', 'S\u0007M'],
    ]);
    expect(sizes.statusCode).toBe(400);
    expect(sizes.json().errors.Tailles).toBe('Tailles invalide (500 caractères max)');
    expect(await count('sous_options')).toBe(before);
  });
});
