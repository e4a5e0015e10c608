// Which product a viewer key names, kept a minute in memory (docs/viewer.md, "Writes"): every batch of a
// visit names its key, and on PGlite each query waits its turn behind the others. Keys never change; a
// product deleted within the minute makes its batch's rows refused by the events table (no company to
// number its session in), which the route answers 404 once the key, read again, names nothing (collect.ts).
import type { Db } from '../db/client';
import { readStatement } from '../db/statements';

const productByKey = readStatement<{ produitId: number }>(
  'collect_product_by_key',
  `select id_groupe_model as "produitId" from groupe_models where public_key = $1::text limit 1`,
);

const KEEP_MS = 60_000;
/** Keys kept at most; unknown keys are never kept (a guesser cannot fill the memory). */
const KEPT = 10_000;

export interface ProductKeys {
  /** The product's id, or null for a key that names none. */
  productOf(key: string): Promise<number | null>;
  forget(key: string): void;
}

export function createProductKeys(db: Db, clock: () => number = Date.now): ProductKeys {
  const known = new Map<string, { produitId: number; until: number }>();
  return {
    async productOf(key) {
      const now = clock();
      const hit = known.get(key);
      if (hit && hit.until > now) return hit.produitId;
      const [row] = await productByKey(db, [key]);
      if (!row) {
        known.delete(key);
        return null;
      }
      if (known.size >= KEPT) known.clear();
      known.set(key, { produitId: row.produitId, until: now + KEEP_MS });
      return row.produitId;
    },
    forget: (key) => void known.delete(key),
  };
}
