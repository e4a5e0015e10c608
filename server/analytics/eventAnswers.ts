// The events answers of a product, built from what the database keeps (product_event_columns, migrations
// 0003-0004): the list, the JSON columns and the binary columns; the reach-checked version that tags them.
// Read by the events routes (./routes/events.ts) and by the stored answers (./storedAnswers.ts).
import { sql } from 'drizzle-orm';
import { z } from 'zod';

import { COLUMNS_MEDIA_TYPE, encodeColumns } from '#domain/analytics/binaryColumns';

import { reachesCompany } from '../auth/access';
import type { SessionUser } from '../auth/session';
import { type Db, rowsOf } from '../db/client';
import { productEvents } from '../db/schema';
import { readStatement } from '../db/statements';
import { notFound } from '../http/errors';
import { type EventTagger, type EventTags } from './tags';

export const eventSchema = z.object({
  timestamp: z.string(),
  userSessionId: z.string(),
  consultation: z.boolean(),
  iframeInteraction: z.boolean(),
  ar_Try: z.boolean(),
  conversion: z.boolean(),
  country: z.string().nullable(),
});

/** The compact answer of ?format=columns (see columnsBody). */
export const columnsSchema = z.object({
  time: z.array(z.number()),
  session: z.array(z.number().int().nonnegative()),
  flags: z.array(z.number()),
  country: z.array(z.number()),
  countries: z.array(z.string().nullable()),
});

/** Read on every events call, so a named statement (server/db/statements.ts). */
export const productVersion = readStatement<{ entrepriseId: number; version: string | null }>(
  'product_event_version',
  `select g.entreprise_id as "entrepriseId", v.version::text as "version"
   from groupe_models g left join product_event_versions v on v.produit_id = g.id_groupe_model
   where g.id_groupe_model = $1::int`,
);

/**
 * The product, checked as reachableProduct does (404 for another company or an unknown id), and the version
 * of its events in the same query, by key: product_event_versions, renewed by the database whenever any of
 * its events is added, changed or removed (migration 0003). A product without events has no version yet.
 */
export async function reachableEventsVersion(
  db: Db,
  user: SessionUser,
  productId: number,
): Promise<{ productId: number; entrepriseId: number; version: string | null }> {
  const [row] = await productVersion(db, [productId]);
  if (!row || !reachesCompany(user, row.entrepriseId)) throw notFound('Produit introuvable');
  return { productId, entrepriseId: row.entrepriseId, version: row.version };
}

/** The same, with the ETags of its events (opaque: ./tags.ts). */
export async function reachableEventsTag(
  db: Db,
  user: SessionUser,
  productId: number,
  eventTags: EventTagger,
): Promise<{ productId: number; entrepriseId: number; version: string | null; tags: EventTags }> {
  const found = await reachableEventsVersion(db, user, productId);
  return { ...found, tags: eventTags(productId, found.version) };
}

/** If-None-Match holds this tag (a list, a weak form or "*"). */
export function matches(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const v = t.trim().replace(/^W\//, '');
    return v === '*' || v === tag;
  });
}

/** A product's chunks of columns text, in order (product_event_columns, migration 0004). */
const productChunks = readStatement<{ time: string; session: string; flags: string; country: string }>(
  'product_event_chunks',
  `select time, session, flags, country from product_event_columns where produit_id = $1::int order by chunk_id`,
);

/** The company's country dictionary as JSON text, numbers dense from 0 (a number is its index). */
const companyCountries = readStatement<{ countries: string | null }>(
  'company_countries',
  `select json_agg(country order by country_no)::text as "countries" from analytics_countries where entreprise_id = $1::int`,
);

/**
 * The events as parallel arrays: `time` in ms since the epoch, `session` the company-wide session numbers
 * (analytics_sessions), `country` the company-wide country numbers indexing `countries` (analytics_countries,
 * the company's dictionary; '' for a missing country), `flags` as consultation 1 | iframe 2 | AR 4 |
 * conversion 8. Numbers only: about 70 bytes of JSON per event fewer than the list, and no string for the
 * worker to look up. In the order the events were written (the dashboard's counts do not depend on it).
 */
export async function columnsBody(db: Db, productId: number, entrepriseId: number): Promise<string> {
  // The arrays' text is kept by the database in a few chunks per product (product_event_columns, migration
  // 0004): rows read by key, joined here, nothing computed per event.
  const chunks = await productChunks(db, [productId]);
  if (chunks.length === 0) return '{"time":[],"session":[],"flags":[],"country":[],"countries":[]}';
  const [{ countries }] = await companyCountries(db, [entrepriseId]);
  const join = (key: 'time' | 'session' | 'flags' | 'country') => chunks.map((c) => c[key]).join(',');
  return `{"time":[${join('time')}],"session":[${join('session')}],"flags":[${join('flags')}],"country":[${join('country')}],"countries":${countries ?? '[]'}}`;
}

/**
 * The contract's list of events (docs/api.md). PostgreSQL writes the JSON itself: one text value crosses the driver instead
 * of 7 fields per event (the PGlite wire parsing was most of this route's time).
 */
export async function listBody(db: Db, productId: number): Promise<string> {
  const [row] = rowsOf<{ events: string }>(
    await db.execute(sql`
      select coalesce(json_agg(json_build_object(
        'timestamp', to_char(${productEvents.timestamp} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'userSessionId', ${productEvents.userSessionId},
        'consultation', ${productEvents.consultation},
        'iframeInteraction', ${productEvents.iframeInteraction},
        'ar_Try', ${productEvents.arTry},
        'conversion', ${productEvents.conversion},
        'country', ${productEvents.country}
      ) order by ${productEvents.timestamp}, ${productEvents.id}), '[]')::text as events
      from ${productEvents} where ${productEvents.produitId} = ${productId}`),
  );
  return `{"$id":"1","$values":${row.events}}`;
}

/** The Accept header names the binary columns with a non-zero quality (our worker; docs/api.md). */
export function acceptsBinaryColumns(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((part) => {
    const [type, ...params] = part.split(';').map((x) => x.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return type === COLUMNS_MEDIA_TYPE && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/** The binary columns: the JSON columns text (kept by the database) written as typed arrays, once per version. */
export async function binaryBody(db: Db, productId: number, entrepriseId: number): Promise<Buffer> {
  const bytes = encodeColumns(
    JSON.parse(await columnsBody(db, productId, entrepriseId)) as Parameters<typeof encodeColumns>[0],
  );
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
