// Every demo product without a 3D file gets its own generated model (server/db/demoModels), stored like an
// upload (catalogue/<uuid>.glb): one file per product, so deleting a product removes its file only, and
// the start-up sweep (server/files/sweep.ts) keeps it since its row names it.
import { createHash } from 'node:crypto';

import { isNull, sql } from 'drizzle-orm';

import type { FileStorage } from '../../files/storage';
import type { Db } from '../client';
import { demoModel } from '../demoModels';
import { groupeModels } from '../schema';

/** Files written at once: enough to overlap the writes' syncs, few enough to keep memory flat. */
const IN_FLIGHT = 16;

export async function seedDemoModels(db: Db, files: FileStorage): Promise<void> {
  const products = await db
    .select({ id: groupeModels.idGroupeModel, nom: groupeModels.nomGroupeModel })
    .from(groupeModels)
    .where(isNull(groupeModels.chemin3d));
  // Each with its size and content address, as an upload's (server/catalogue/viewerModel.ts): the viewer
  // serves it under an immutable URL (server/collect/viewerFiles.ts).
  const stored: Array<{ id: number; key: string; bytes: number; hash: string }> = [];
  for (let i = 0; i < products.length; i += IN_FLIGHT)
    stored.push(
      ...(await Promise.all(
        products.slice(i, i + IN_FLIGHT).map(async (p) => {
          const glb = Buffer.from(await demoModel(p.nom));
          const hash = createHash('sha256').update(glb).digest('hex');
          return { id: p.id, key: await files.save('catalogue', 'glb', glb), bytes: glb.length, hash };
        }),
      )),
    );
  if (!stored.length) return;
  const rows = sql.join(
    stored.map((s) => sql`(${s.id}::int, ${s.key}::text, ${s.bytes}::int, ${s.hash}::text)`),
    sql`, `,
  );
  await db.execute(sql`
    update groupe_models g set chemin_3d = v.key, model_format = 'glb', model_bytes = v.bytes,
      viewer_model_bytes = v.bytes, viewer_model_hash = v.hash
    from (values ${rows}) as v(id, key, bytes, hash) where g.id_groupe_model = v.id`);
}
