// IndexedDB (idb) cache of the events, and the session numbering they use (in chunks, see sessions.ts). It
// belongs to one signed-in user: logout and 401 delete the database.
//
// Records are stored in packs: one value holds many products, their columns end to end (packs.ts). Reading
// a company back is then one request and a few values, not one per product: Chromium pays a fixed cost per
// value read (about 0.4 ms), which made a repeat visit of 10 000 products wait 4 s on IndexedDB alone
// (docs/performance.md, "Dashboard at scale"). A product fetched again goes into a newer pack; the older
// copy is dropped when read back (a pack left with nothing current is deleted, see readProducts).
//
// The company's last visits answer (visits.ts) is kept beside, its columns as typed arrays: a reload asks it
// again with its ETag and a 304 brings no body (at a million events, 6.8 MB gzip and 130 ms of parse).
import { type DBSchema, deleteDB, type IDBPDatabase, openDB } from 'idb';

import { CACHE_DB, type DashboardView } from '#domain/analytics/view';

import type { CachedProduct } from './columns';
import { type Pack, packOf, recordsOf } from './packs';
import type { SessionChunk } from './sessions';
import type { CompanyVisits } from './visits';

export { CACHE_DB };
/**
 * 5: the visits answers (4: records in packs of many products, stored views and their generation; 3 had one
 * record per product; 2 had the engine number every answer's strings; 1 kept the strings in every record).
 */
const VERSION = 5;
/**
 * Stored views kept at most (the oldest go first): a selection and the 15 prepared beside it
 * (storedViews.ts siblingRequests), for a few selections.
 */
const VIEWS_KEPT = 64;
/**
 * Visits answers kept at most, the last received (200) first: the user's companies switched between (one
 * answer is megabytes at a million events). A 304 rewrites nothing.
 */
const VISITS_KEPT = 3;

/** A complete view as computed, and the generation of the records it was computed from (storedViews.ts). */
export interface StoredView {
  key: string;
  view: DashboardView;
  generation: number;
  savedAt: number;
}

/** 'generation': bumped by every write of records; 'versions:<company>': see storedViews.ts. */
type Meta = { key: 'generation'; value: number } | { key: string; etag: string; generation: number };

interface CacheSchema extends DBSchema {
  packs: { key: number; value: Pack; indexes: { company: number } };
  sessions: { key: number; value: SessionChunk };
  views: { key: string; value: StoredView; indexes: { savedAt: number } };
  meta: { key: string; value: Meta };
  visits: { key: number; value: CompanyVisits; indexes: { checkedAt: number } };
}

let opening: Promise<IDBPDatabase<CacheSchema>> | null = null;
/**
 * The next pack's key: above every stored one (packs are read newest last). A promise, read once: two
 * writes started together before the first key is known (a superseded view's and the next one's, two
 * packs of a small company) must not both read the last key and take the same one, the second put
 * replacing the first pack.
 */
let nextPack: Promise<{ key: number }> | null = null;

function db(): Promise<IDBPDatabase<CacheSchema>> {
  opening ??= openDB<CacheSchema>(CACHE_DB, VERSION, {
    upgrade(database) {
      // A cache: an older layout is dropped, not converted.
      for (const name of [...database.objectStoreNames]) database.deleteObjectStore(name);
      database.createObjectStore('packs', { keyPath: 'id' }).createIndex('company', 'companyId');
      database.createObjectStore('sessions', { keyPath: 'start' });
      database.createObjectStore('views', { keyPath: 'key' }).createIndex('savedAt', 'savedAt');
      database.createObjectStore('meta', { keyPath: 'key' });
      database.createObjectStore('visits', { keyPath: 'companyId' }).createIndex('checkedAt', 'checkedAt');
    },
    // Another tab deletes the cache (logout there): let it go.
    blocking() {
      void close();
    },
  });
  return opening;
}

/** Opens the database ahead of the first view (a repeat visit's stored view is then one read away). */
export async function openCache(): Promise<void> {
  await db();
}

async function close(): Promise<void> {
  const current = opening;
  opening = null;
  nextPack = null;
  if (current) (await current.catch(() => null))?.close();
}

async function packKey(database: IDBPDatabase<CacheSchema>): Promise<number> {
  const reading = (nextPack ??= database
    .transaction('packs')
    .store.openCursor(null, 'prev')
    .then((last) => ({ key: (last?.value.id ?? 0) + 1 })));
  // A failed read is tried again by the next write.
  const next = await reading.catch((err: unknown) => {
    if (nextPack === reading) nextPack = null;
    throw err;
  });
  return next.key++;
}

/**
 * The cached records of these products (missing ones are left out): the packs of the company in one
 * request (every pack without it), the newest copy of each product. Packs whose every product has a newer
 * copy elsewhere are deleted on the way.
 */
export async function readProducts(
  ids: number[],
  companyId: number | null = null,
): Promise<Map<number, CachedProduct>> {
  const database = await db();
  const keys =
    companyId === null
      ? await database.getAllKeys('packs')
      : await database.getAllKeysFromIndex('packs', 'company', companyId);
  // One request per pack, all at once: each pack is deserialized on this thread as it arrives, in its own
  // task, so a selection asked meanwhile can run between two of them instead of after all (a million
  // events: 0.25 s).
  const tx = database.transaction('packs');
  const packs = (await Promise.all(keys.sort((a, b) => a - b).map((key) => tx.store.get(key)))).filter(
    (p): p is Pack => p !== undefined,
  );
  // Where the newest copy of each product is.
  const newest = new Map<number, number>();
  packs.forEach((pack, k) => pack.productIds.forEach((id) => newest.set(id, k)));
  const wanted = new Set(ids);
  const found = new Map<number, CachedProduct>();
  const stale: number[] = [];
  packs.forEach((pack, k) => {
    let current = false;
    pack.productIds.forEach((id) => (current ||= newest.get(id) === k));
    if (!current) stale.push(pack.id);
    else for (const r of recordsOf(pack, (id) => wanted.has(id) && newest.get(id) === k)) found.set(r.productId, r);
  });
  if (stale.length) {
    const tx = database.transaction('packs', 'readwrite');
    await Promise.all([...stale.map((id) => tx.store.delete(id)), tx.done]).catch(() => undefined);
  }
  return found;
}

/** Every stored chunk of the session numbering. */
export async function readSessionChunks(): Promise<SessionChunk[]> {
  return (await db()).getAll('sessions');
}

/**
 * Records (one pack) and the session strings they introduce, in one transaction: one commit for many
 * products (the cold load's cost), and never a record without the numbering it refers to. Bumps the
 * records' generation in the same transaction (a stored view of an older generation no longer holds);
 * resolves with the new generation.
 */
export async function writeProducts(
  records: CachedProduct[],
  chunk: SessionChunk | null = null,
  companyId: number | null = null,
): Promise<number> {
  const database = await db();
  const id = records.length ? await packKey(database) : 0;
  const tx = database.transaction(['packs', 'sessions', 'meta'], 'readwrite');
  const meta = tx.objectStore('meta');
  const generation = generationOf(await meta.get('generation')) + (records.length ? 1 : 0);
  await Promise.all([
    ...(chunk ? [tx.objectStore('sessions').put(chunk)] : []),
    ...(records.length
      ? [
          tx.objectStore('packs').put(packOf(id, companyId, records)),
          meta.put({ key: 'generation', value: generation }),
        ]
      : []),
    tx.done,
  ]);
  return generation;
}

const generationOf = (m: Meta | undefined): number => (m && 'value' in m ? m.value : 0);

/**
 * The stored view of `key` if it was computed from the records as they are (same generation), the
 * current generation, and the company's last versions ETag under which every stored record was current.
 */
export async function readStoredView(
  key: string,
  companyId: number | null,
): Promise<{ view: DashboardView | null; generation: number; versionsEtag: string | null }> {
  const tx = (await db()).transaction(['views', 'meta']);
  const [stored, gen, versions] = await Promise.all([
    tx.objectStore('views').get(key),
    tx.objectStore('meta').get('generation'),
    companyId === null ? undefined : tx.objectStore('meta').get(`versions:${companyId}`),
  ]);
  const generation = generationOf(gen);
  return {
    // A view stored before the stats carried the conversion rate's parts (domain/analytics/view.ts)
    // is recomputed rather than shown without them.
    view: stored && stored.generation === generation && stored.view.stats.conversion ? stored.view : null,
    generation,
    versionsEtag: versions && 'etag' in versions && versions.generation === generation ? versions.etag : null,
  };
}

/** A complete view to store under its key (storedViews.ts storedViewKey). */
export interface ViewEntry {
  key: string;
  view: DashboardView;
}

/**
 * Stores one complete view (see storeViews) in a transaction of its own, and the views `beside` gives in
 * the transaction opened right behind it: IndexedDB starts that one once the view is committed, and
 * `beside` makes them then (after the caller's task, the view already on its way to the page). A reload
 * right after finds the view as soon as it can be, and its siblings before anything stored later
 * (bench/notes.md, nineteenth pass: in one transaction, their making delayed the view's commit, and a
 * reload at 10 000 products sometimes found nothing).
 */
export function storeView(
  key: string,
  view: DashboardView,
  generation: number,
  versions: { companyId: number; etag: string } | null,
  now: number,
  beside?: () => ViewEntry[],
): Promise<void> {
  // Both transactions are opened in this order (each after the same `db()`), so they commit in it.
  const stored = storeViews([{ key, view }], generation, versions, now);
  const after = beside ? storeViews([], generation, versions, now, beside) : stored;
  return Promise.all([stored, after]).then(() => undefined);
}

/**
 * The stored views of `keys` computed from the records as they are (same generation), by key: the views
 * prepared beside a stored view (storedViews.ts), read back in one transaction.
 */
export async function readStoredViews(keys: string[]): Promise<Map<string, DashboardView>> {
  const tx = (await db()).transaction(['views', 'meta']);
  const views = tx.objectStore('views');
  const [gen, ...stored] = await Promise.all([
    tx.objectStore('meta').get('generation'),
    ...keys.map((k) => views.get(k)),
  ]);
  const generation = generationOf(gen);
  const found = new Map<string, DashboardView>();
  stored.forEach((s) => s && s.generation === generation && found.set(s.key, s.view));
  return found;
}

/**
 * Stores complete views computed from the records of `generation`, and the versions ETag under which
 * they were all current, unless records were written since (then neither would be true); keeps the
 * VIEWS_KEPT newest views.
 */
export async function storeViews(
  entries: ViewEntry[],
  generation: number,
  versions: { companyId: number; etag: string } | null,
  now: number,
  beside?: () => ViewEntry[],
): Promise<void> {
  const tx = (await db()).transaction(['views', 'meta'], 'readwrite');
  const meta = tx.objectStore('meta');
  if (generationOf(await meta.get('generation')) !== generation) return tx.done;
  const views = tx.objectStore('views');
  for (const { key, view } of [...entries, ...(beside?.() ?? [])])
    await views.put({ key, view, generation, savedAt: now });
  if (versions) await meta.put({ key: `versions:${versions.companyId}`, etag: versions.etag, generation });
  const count = await views.count();
  if (count > VIEWS_KEPT) {
    let cursor = await views.index('savedAt').openCursor();
    for (let n = count - VIEWS_KEPT; cursor && n > 0; n--) {
      await cursor.delete();
      cursor = await cursor.continue();
    }
  }
  await tx.done;
}

/** The company's stored visits answer, null if none. */
export async function readVisits(companyId: number): Promise<CompanyVisits | null> {
  return (await (await db()).get('visits', companyId)) ?? null;
}

/**
 * Stores a company's visits answer (its columns typed arrays: the structured clone copies their memory),
 * replacing the one stored, and keeps the VISITS_KEPT last received. Nothing is written if `current` says
 * no once the database is open: a logout meanwhile deleted it, another user's answer must not bring it back.
 */
export async function storeVisits(answer: CompanyVisits, current: () => boolean = () => true): Promise<void> {
  const database = await db();
  if (!current()) return;
  const tx = database.transaction('visits', 'readwrite');
  await tx.store.put(answer);
  let extra = (await tx.store.count()) - VISITS_KEPT;
  // Keys only, oldest first: the answers themselves are not read back.
  let cursor = extra > 0 ? await tx.store.index('checkedAt').openKeyCursor() : null;
  for (; cursor && extra > 0; extra--) {
    await tx.store.delete(cursor.primaryKey);
    cursor = await cursor.continue();
  }
  await tx.done;
}

/** Deletes the whole database (logout, 401). */
export async function deleteCache(): Promise<void> {
  await close();
  await deleteDB(CACHE_DB);
}
