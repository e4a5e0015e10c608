// The product a public viewer key names, with what its page shows and its company's viewer settings.
import { eq, sql } from 'drizzle-orm';

import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { entreprises, groupeModels } from '../../db/schema';

const KEY = /^[A-Za-z0-9_-]{16,64}$/;

const byKey = preparedPerDatabase((db) =>
  db
    .select({
      produitId: groupeModels.idGroupeModel,
      nom: groupeModels.nomGroupeModel,
      prix: groupeModels.prixCatalogue,
      chemin3d: groupeModels.chemin3d,
      quoteUrl: entreprises.quoteUrl,
      frameOrigins: entreprises.frameOrigins,
    })
    .from(groupeModels)
    .innerJoin(entreprises, eq(entreprises.entrepriseId, groupeModels.entrepriseId))
    .where(eq(groupeModels.publicKey, sql.placeholder('key')))
    .limit(1)
    .prepare('viewer_product_by_key'),
);

export type ViewerProduct = Awaited<ReturnType<ReturnType<typeof byKey>['execute']>>[number];

/** The product of this key, or null (a malformed key costs no query). */
export async function viewerProduct(db: Db, key: string): Promise<ViewerProduct | null> {
  if (!KEY.test(key)) return null;
  const [row] = await byKey(db).execute({ key });
  return row ?? null;
}
