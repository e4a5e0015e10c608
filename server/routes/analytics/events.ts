// GET /api/ProductStatistics/Product/{productId}: the product's raw events, with a cheap ETag (count and
// highest id through the (produit_id, ts) index, no read of the events) and 304 on If-None-Match; built
// answers are kept as compressed bytes (AnswerCache).
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { groupeModels, productEvents } from '../../db/schema';
import { listResponse } from '../../http/listSchema';
import type { Db } from '../../db/client';
import type { RoutePlugin } from '../../deps';
import { reachesEntreprise } from '../../auth/guard';
import type { SessionUser } from '../../auth/session';
import { notFound, parseId } from '../../http/errors';
import { AnswerCache } from './answerCache';
import { encode, preferredEncoding } from '../../http/encoding';

/** 64 MB of answers as sent: compressed, the columns of thousands of products of 3,000 events. */
const ANSWER_CACHE_BYTES = 64 * 1024 * 1024;

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

/**
 * The product, checked as reachableProduct does (404 for another company or an unknown id), and the version
 * of its events in the same query: their count and highest id through the (produit_id, ts) index, no read
 * of the events. The tag changes whenever an event is added or removed.
 */
export async function reachableEventsTag(db: Db, user: SessionUser, raw: unknown): Promise<{ productId: number; tag: string }> {
  const productId = parseId(raw, 'productId');
  const [row] = await db
    .select({
      entrepriseId: groupeModels.entrepriseId,
      n: sql<number>`count(${productEvents.id})::int`,
      last: sql<number>`coalesce(max(${productEvents.id}), 0)::bigint`,
    })
    .from(groupeModels)
    .leftJoin(productEvents, eq(productEvents.produitId, groupeModels.idGroupeModel))
    .where(eq(groupeModels.idGroupeModel, productId))
    .groupBy(groupeModels.entrepriseId);
  if (!row || !reachesEntreprise(user, row.entrepriseId)) throw notFound('Produit introuvable');
  return { productId, tag: `"p${productId}-${Number(row.n)}-${Number(row.last)}"` };
}

/** If-None-Match holds this tag (a list, a weak form or "*"). */
export function matches(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const v = t.trim().replace(/^W\//, '');
    return v === '*' || v === tag;
  });
}

/**
 * The events as parallel arrays, in the list's order (timestamp, id): `time` in ms since the epoch,
 * `session` the company-wide session numbers (analytics_sessions), `country` indexes into `countries`,
 * `flags` as consultation 1 | iframe 2 | AR 4 | conversion 8. Numbers only: about 70 bytes of JSON per
 * event fewer than the list, and no session string for the worker to look up.
 */
export async function columnsBody(db: Db, productId: number): Promise<string> {
  // PostgreSQL writes the whole JSON text from the covering index alone (an index-only scan, in the index's
  // order: no sort); each aggregate has its ORDER BY, so the order is guaranteed, not left to the plan.
  const order = sql`order by e.ts, e.id`;
  const result = (await db.execute(sql`
      with d as materialized (
        select coalesce(array_agg(distinct country), '{}') as countries from ${productEvents} where produit_id = ${productId}
      )
      select json_build_object(
        -- Truncated to the millisecond (as the list's text), then exact in float8.
        'time', array_agg(round(date_part('epoch', date_trunc('milliseconds', e.ts)) * 1000)::bigint ${order}),
        'session', array_agg(e.session_no ${order}),
        'flags', array_agg(e.consultation::int + 2 * e.iframe_interaction::int + 4 * e.ar_try::int + 8 * e.conversion::int ${order}),
        -- array_position finds a NULL country too (IS NOT DISTINCT FROM).
        'country', array_agg(array_position((select countries from d), e.country) - 1 ${order}),
        'countries', (select countries from d)
      )::text as body
      from ${productEvents} e where e.produit_id = ${productId}
      having count(*) > 0`)) as unknown as { rows: Array<{ body: string }> };
  // No event: no row (the HAVING), rather than arrays of one NULL.
  return result.rows[0]?.body ?? '{"time":[],"session":[],"flags":[],"country":[],"countries":[]}';
}

/**
 * The spec's list of events. PostgreSQL writes the JSON itself: one text value crosses the driver instead
 * of 7 fields per event (the PGlite wire parsing was most of this route's time).
 */
export async function listBody(db: Db, productId: number): Promise<string> {
  const result = (await db.execute(sql`
      select coalesce(json_agg(json_build_object(
        'timestamp', to_char(${productEvents.timestamp} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'userSessionId', ${productEvents.userSessionId},
        'consultation', ${productEvents.consultation},
        'iframeInteraction', ${productEvents.iframeInteraction},
        'ar_Try', ${productEvents.arTry},
        'conversion', ${productEvents.conversion},
        'country', ${productEvents.country}
      ) order by ${productEvents.timestamp}, ${productEvents.id}), '[]')::text as events
      from ${productEvents} where ${productEvents.produitId} = ${productId}`)) as unknown as { rows: Array<{ events: string }> };
  return `{"$id":"1","$values":${result.rows[0].events}}`;
}

const eventsRoutes: RoutePlugin = async (app, { db }) => {
  // One per app (so per database): tags are only unique within one database.
  const answers = new AnswerCache(ANSWER_CACHE_BYTES);
  app.get(
    '/api/ProductStatistics/Product/:productId',
    {
      schema: {
        tags: ['Analytique'],
        params: z.object({ productId: z.string() }),
        // format=columns: the compact answer our worker asks for (see columnsBody); the default stays the
        // spec's list of events for every other client.
        querystring: z.object({ format: z.enum(['columns']).optional() }),
        response: { 200: z.union([listResponse(eventSchema), columnsSchema]), 304: z.null().optional() },
      },
    },
    async (request, reply) => {
      const { productId, tag: base } = await reachableEventsTag(db, request.user, request.params.productId);
      const columns = request.query.format === 'columns';
      // Each representation has its own tag, so a list's tag never validates a columns answer.
      const tag = columns ? `${base.slice(0, -1)}-n"` : base;
      reply.header('ETag', tag);
      if (matches(request.headers["if-none-match"], tag)) return reply.code(304).send(null);
      // Stored ready to send: built once per version and representation, compressed once per encoding.
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      const key = `${tag} ${encoding}`;
      let bytes = answers.get(key);
      if (bytes === undefined) {
        bytes = await encode(Buffer.from(columns ? await columnsBody(db, productId) : await listBody(db, productId)), encoding);
        answers.set(key, bytes);
      }
      reply.type('application/json; charset=utf-8').header('Vary', 'Accept-Encoding');
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      // Bytes of the exact shape already: sent without the (zod) serializer.
      return reply.send(bytes as never);
    },
  );
};

export default eventsRoutes;
