// GET /api/ProductStatistics/Entreprise/{id}/versions: every product's current events tags in one answer,
// the same tags the events route sends, with its own ETag that changes exactly when one of them does.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { groupeModels, productEvents } from '../../server/db/schema';
import { event, newCompany } from '../helpers/analyticsCompany';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.fr');
});
afterAll(() => t.close());

const versions = (id: number, token = admin, etag?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/ProductStatistics/Entreprise/${id}/versions`,
    headers: { authorization: `Bearer ${token}`, ...(etag ? { 'if-none-match': etag } : {}) },
  });

async function eventsTag(productId: number, columns: boolean): Promise<string> {
  const res = await t.call(
    'GET',
    `/api/ProductStatistics/Product/${productId}${columns ? '?format=columns' : ''}`,
    admin,
  );
  expect(res.statusCode).toBe(200);
  return String(res.headers.etag);
}

describe('company versions', () => {
  it('lists every product of the company with the tags the events route sends', async () => {
    const c = await newCompany(t, 'Versions entreprise A', 3);
    await t.database.db
      .insert(productEvents)
      .values([event(c.productIds[0], 's1', 1), event(c.productIds[2], 's2', 2)]);
    const res = await versions(c.entrepriseId);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.entrepriseId).toBe(c.entrepriseId);
    expect(body.products.map((p: { productId: number }) => p.productId)).toEqual(c.productIds);
    for (const p of body.products) {
      expect(p.etag).toBe(await eventsTag(p.productId, false));
      expect(p.columnsEtag).toBe(await eventsTag(p.productId, true));
    }
  });

  it('answers 304 while nothing changed, and a new tag after an event, a new product or a removed one', async () => {
    const c = await newCompany(t, 'Versions entreprise B', 2);
    const first = await versions(c.entrepriseId);
    const tag = String(first.headers.etag);
    expect((await versions(c.entrepriseId, admin, tag)).statusCode).toBe(304);

    await t.database.db.insert(productEvents).values(event(c.productIds[1], 's1', 1));
    const afterEvent = await versions(c.entrepriseId, admin, tag);
    expect(afterEvent.statusCode).toBe(200);
    const tag2 = String(afterEvent.headers.etag);
    expect(tag2).not.toBe(tag);

    const [added] = await t.database.db
      .insert(groupeModels)
      .values({ entrepriseId: c.entrepriseId, nomGroupeModel: 'Nouveau' })
      .returning();
    const afterAdd = await versions(c.entrepriseId, admin, tag2);
    expect(afterAdd.statusCode).toBe(200);
    const tag3 = String(afterAdd.headers.etag);

    await t.database.db.delete(groupeModels).where(eq(groupeModels.idGroupeModel, added.idGroupeModel));
    const afterRemove = await versions(c.entrepriseId, admin, tag3);
    expect(afterRemove.statusCode).toBe(200);
    expect(new Set([tag, tag2, tag3]).size).toBe(3);
    // The same products at the same versions as before the addition: the same answer, so the same tag.
    expect(String(afterRemove.headers.etag)).toBe(tag2);
  });

  it("answers 404 for another company's versions, as for an unknown one, and 400 for a non-numeric id", async () => {
    const c = await newCompany(t, 'Versions entreprise C', 1);
    const directeur = await t.login('directeur@demo.fr');
    expect((await versions(c.entrepriseId, directeur)).statusCode).toBe(404);
    expect((await versions(999_999, admin)).statusCode).toBe(404);
    expect((await versions('abc' as unknown as number, admin)).statusCode).toBe(400);
    const own = (await t.call('GET', '/api/User/current', directeur)).json().entrepriseId;
    expect((await versions(own, directeur)).statusCode).toBe(200);
  });
});
