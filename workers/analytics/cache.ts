// IndexedDB (idb) cache of the events: one record per product (typed arrays, with the ETag of the answer
// and its fetch time) and the session numbering they use, stored in chunks (see sessions.ts). It belongs
// to one signed-in user: logout and 401 delete the database.
import { type DBSchema, deleteDB, type IDBPDatabase, openDB } from 'idb';

import type { CachedProduct } from './columns';
import type { SessionChunk } from './sessions';

export const CACHE_DB = 'visio3d-analytics';
/**
 * 3: our server's company-wide session numbers in the records (2 had the engine number every answer's
 * strings, kept in 'sessions', now for list answers only; 1 kept the strings in every record).
 */
const VERSION = 3;

interface CacheSchema extends DBSchema {
  products: { key: number; value: CachedProduct };
  sessions: { key: number; value: SessionChunk };
}

let opening: Promise<IDBPDatabase<CacheSchema>> | null = null;

function db(): Promise<IDBPDatabase<CacheSchema>> {
  opening ??= openDB<CacheSchema>(CACHE_DB, VERSION, {
    upgrade(database) {
      // A cache: an older layout is dropped, not converted.
      for (const name of [...database.objectStoreNames]) database.deleteObjectStore(name);
      database.createObjectStore('products', { keyPath: 'productId' });
      database.createObjectStore('sessions', { keyPath: 'start' });
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
  const tx = (await db()).transaction('products', 'readonly');
  const rows = await Promise.all(ids.map((id) => tx.store.get(id)));
  await tx.done;
  const found = new Map<number, CachedProduct>();
  rows.forEach((r) => r && found.set(r.productId, r));
  return found;
}

/** Every stored chunk of the session numbering. */
export async function readSessionChunks(): Promise<SessionChunk[]> {
  return (await db()).getAll('sessions');
}

/**
 * Records and the session strings they introduce, in one transaction: one commit instead of one per
 * product (the cold load's cost), and never a record without the numbering it refers to.
 */
export async function writeProducts(records: CachedProduct[], chunk: SessionChunk | null = null): Promise<void> {
  if (!records.length && !chunk) return;
  const tx = (await db()).transaction(['products', 'sessions'], 'readwrite');
  const products = tx.objectStore('products');
  const sessions = tx.objectStore('sessions');
  await Promise.all([...(chunk ? [sessions.put(chunk)] : []), ...records.map((r) => products.put(r)), tx.done]);
}

/** Deletes the whole database (logout, 401). */
export async function deleteCache(): Promise<void> {
  await close();
  await deleteDB(CACHE_DB);
}
