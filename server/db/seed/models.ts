// Every demo product without a 3D file gets its own generated model (server/db/demoModels), stored like an
// upload (catalogue/<uuid>.glb): one file per product, so deleting a product removes its file only, and
// the start-up sweep (server/files/sweep.ts) keeps it since its row names it.
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
  const stored: Array<{ id: number; key: string }> = [];
  for (let i = 0; i < products.length; i += IN_FLIGHT)
    stored.push(
      ...(await Promise.all(
        products.slice(i, i + IN_FLIGHT).map(async (p) => ({
          id: p.id,
          key: await files.save('catalogue', 'glb', Buffer.from(await demoModel(p.nom))),
        })),
      )),
    );
  if (!stored.length) return;
  const rows = sql.join(
    stored.map((s) => sql`(${s.id}::int, ${s.key}::text)`),
    sql`, `,
  );
  await db.execute(sql`
    update groupe_models g set chemin_3d = v.key, model_format = 'glb'
    from (values ${rows}) as v(id, key) where g.id_groupe_model = v.id`);
}
