// IndexedDB (idb) cache of the events: one record per product, columnar typed arrays, with the ETag of
// the answer and its fetch time. It belongs to one signed-in user: logout and 401 delete the database.
import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { CachedProduct } from './columns';

export const CACHE_DB = 'visio3d-analytics';
const STORE = 'products';

interface CacheSchema extends DBSchema {
  products: { key: number; value: CachedProduct };
}

let opening: Promise<IDBPDatabase<CacheSchema>> | null = null;

function db(): Promise<IDBPDatabase<CacheSchema>> {
  opening ??= openDB<CacheSchema>(CACHE_DB, 1, {
    upgrade(database) {
      database.createObjectStore(STORE, { keyPath: 'productId' });
    },
    // Another tab deletes the cache (logout there): let it go.
    blocking() {
      void close();
    },
  });
  return opening;
}

async function close(): Promise<void> {
  const current = opening;
  opening = null;
  if (current) (await current.catch(() => null))?.close();
}

/** The cached records of these products (missing ones are left out). */
export async function readProducts(ids: number[]): Promise<Map<number, CachedProduct>> {
  const tx = (await db()).transaction(STORE, 'readonly');
  const rows = await Promise.all(ids.map((id) => tx.store.get(id)));
  await tx.done;
  const found = new Map<number, CachedProduct>();
  rows.forEach((r) => r && found.set(r.productId, r));
  return found;
}

export async function writeProduct(record: CachedProduct): Promise<void> {
  await (await db()).put(STORE, record);
}

/** Several records in one transaction: one commit instead of one per product (the cold load's cost). */
export async function writeProducts(records: CachedProduct[]): Promise<void> {
  if (!records.length) return;
  const tx = (await db()).transaction(STORE, 'readwrite');
  await Promise.all([...records.map((r) => tx.store.put(r)), tx.done]);
}

/** Deletes the whole database (logout, 401). */
export async function deleteCache(): Promise<void> {
  await close();
  await deleteDB(CACHE_DB);
}
