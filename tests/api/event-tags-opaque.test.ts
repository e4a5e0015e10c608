// The events tags a company reads (the events route's ETags, the versions list and its own ETag) come from
// one version sequence shared by every company. They must say nothing of other companies' writes: a write
// in company A changes none of company B's tags, and B's tags hold no version number to compare.
import { createHash } from 'node:crypto';

import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { productEvents, productEventVersions } from '../../server/db/schema';
import { event, newCompany } from '../helpers/analyticsCompany';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.fr');
});
afterAll(() => t.close());

const versions = async (companyId: number) => {
  const res = await t.call('GET', `/api/ProductStatistics/Entreprise/${companyId}/versions`, admin);
  expect(res.statusCode).toBe(200);
  return { etag: String(res.headers.etag), body: res.json<{ products: Array<Record<string, unknown>> }>() };
};
const eventsTag = async (productId: number) =>
  String((await t.call('GET', `/api/ProductStatistics/Product/${productId}?format=columns`, admin)).headers.etag);
const versionOf = async (productId: number) =>
  String(
    (
      await t.database.db
        .select({ v: productEventVersions.version })
        .from(productEventVersions)
        .where(eq(productEventVersions.produitId, productId))
    )[0].v,
  );

describe('events tags across companies', () => {
  it("a write in company A changes none of B's tags, and B's tags carry no version number", async () => {
    const a = await newCompany(t, 'Tags opaques A', 1);
    const b = await newCompany(t, 'Tags opaques B', 2);
    const [pb] = b.productIds;
    await t.database.db.insert(productEvents).values(event(pb, 'b1', 1));
    const before = await versions(b.entrepriseId);
    const tagBefore = await eventsTag(pb);

    for (let i = 0; i < 5; i++) await t.database.db.insert(productEvents).values(event(a.productIds[0], `a${i}`, i));
    const after = await versions(b.entrepriseId);
    expect(after).toEqual(before);
    expect(await eventsTag(pb)).toBe(tagBefore);

    // B's next write: its tag changes, and neither tag holds its version (which jumped over A's writes).
    const v1 = await versionOf(pb);
    await t.database.db.insert(productEvents).values(event(pb, 'b2', 2));
    const v2 = await versionOf(pb);
    expect(Number(v2)).toBeGreaterThan(Number(v1));
    const tagAfter = await eventsTag(pb);
    expect(tagAfter).not.toBe(tagBefore);
    const now = await versions(b.entrepriseId);
    const tags = [tagBefore, tagAfter];
    for (const list of [before, now])
      for (const p of list.body.products) tags.push(String(p.etag), String(p.columnsEtag), String(p.binaryEtag));
    for (const tag of tags) {
      // "p<product>-" then 22 characters of a keyed hash: no "-v<version>" to read or compare.
      expect(tag).toMatch(/^"p\d+-[A-Za-z0-9_-]{22}(-c|-b)?"$/);
      expect(tag).not.toMatch(/^"p\d+-v\d+/);
    }
    // The list's own tag is keyed too: the plain hash of its (product, version) pairs, which anyone could
    // recompute by trying small version numbers, is not it.
    const pairs = await t.database.db
      .select({ id: productEventVersions.produitId, v: productEventVersions.version })
      .from(productEventVersions)
      .where(inArray(productEventVersions.produitId, b.productIds));
    const plain = createHash('sha256');
    for (const id of b.productIds) plain.update(`${id}:${pairs.find((r) => r.id === id)?.v ?? 0};`);
    expect(now.etag).toMatch(/^"e\d+-[A-Za-z0-9_-]{22}"$/);
    expect(now.etag).not.toBe(`"e${b.entrepriseId}-${plain.digest('base64url').slice(0, 22)}"`);
  });

  it('a tag is the same for the same version on another instance (clients keep their caches)', async () => {
    const c = await newCompany(t, 'Tags opaques C', 1);
    await t.database.db.insert(productEvents).values(event(c.productIds[0], 'c1', 1));
    const { buildApp } = await import('../../server/app');
    const other = await buildApp({
      db: t.database.db,
      jwtSecret: 'test-secret-for-tests-only-0123456789',
      filesDir: t.filesDir,
    });
    try {
      const res = await other.inject({
        method: 'GET',
        url: `/api/ProductStatistics/Product/${c.productIds[0]}?format=columns`,
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(String(res.headers.etag)).toBe(await eventsTag(c.productIds[0]));
    } finally {
      await other.close();
    }
  });
});
