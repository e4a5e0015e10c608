// The demo data worth showing (docs/viewer.md, "Demo models"): every demo product's viewer shows a model
// generated at seed time (server/db/demoModels, seed/models.ts), a GLB that glTF-Transform reads with at
// least one mesh; only the two products that demonstrate the formats the viewer cannot show (FBX, STEP)
// have none. And no demo event lies after the seed's "now" (seed/analytics.ts).
import { NodeIO } from '@gltf-transform/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { rowsOf } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed/index';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
// A morning: the day's events used to be drawn from 07:00 to 22:00 UTC whatever the seed's hour.
const now = new Date('2026-03-10T09:15:00Z');

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  await seedDemo(t.database.db, { filesDir: t.filesDir, scale: 'small', now });
}, 120_000);
afterAll(() => t.close());

const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(q));

describe('demo data', () => {
  it('has no event after the seed time, and events up to its day', async () => {
    const [range] = await query<{ last: string; after: number }>(
      sql`select max(ts)::text as last, count(*) filter (where ts > ${now.toISOString()}::timestamptz)::int as after
          from product_events`,
    );
    expect(range.after).toBe(0);
    // The data reaches the seed's time: the last event is within two days before it.
    expect(now.getTime() - Date.parse(range.last)).toBeLessThan(2 * 86_400_000);
  });

  it("gives every product's viewer a model, a small GLB with a mesh (FBX and STEP demos aside)", async () => {
    const products = await query<{ nom: string; key: string; format: string | null }>(
      sql`select nom_groupe_model as nom, public_key as key, model_format as format from groupe_models`,
    );
    // The four companies' products: 220 of Grand Mobilier among them.
    expect(products.length).toBeGreaterThan(260);
    const io = new NodeIO();
    const without: string[] = [];
    for (const p of products) {
      const info = (await t.call('GET', `/api/viewer/${p.key}`, null)).json();
      if (!info.modelUrl) {
        without.push(`${p.nom} (${info.unsupportedFormat})`);
        continue;
      }
      const res = await t.call('GET', info.modelUrl, null);
      expect(res.statusCode, p.nom).toBe(200);
      expect(res.headers['content-type']).toBe('model/gltf-binary');
      expect(res.rawPayload.length, p.nom).toBeLessThan(48 * 1024);
      const doc = await io.readBinary(new Uint8Array(res.rawPayload));
      expect(doc.getRoot().listMeshes().length, p.nom).toBeGreaterThanOrEqual(1);
    }
    expect(without.sort()).toEqual(['Lampadaire Arc (step)', 'Suspension Nuage (fbx)']);
  }, 120_000);

  it('stores one file per product: no two products share a model file', async () => {
    const [row] = await query<{ n: number; files: number }>(
      sql`select count(*)::int as n, count(distinct chemin_3d)::int as files from groupe_models where chemin_3d is not null`,
    );
    expect(row.files).toBe(row.n);
  });
});
