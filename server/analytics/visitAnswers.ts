// The visits answer of a company (GET /api/ProductStatistics/Entreprise/{id}/visits, ./routes/visits.ts): its
// product_visits as the columns of domain/analytics/visitColumns.ts, and the cheap version that tags them.
import { sql } from 'drizzle-orm';
import { z } from 'zod';

import type { VisitColumns } from '#domain/analytics/visitColumns';

import { type Db, rowsOf } from '../db/client';
import { readStatement } from '../db/statements';

const ids = z.array(z.number().int());
const counts = z.array(z.number().int().nonnegative());

/** The answer's shape, for the OpenAPI document and the tests (the route sends bytes built by PostgreSQL). */
export const visitColumnsSchema = z.object({
  product: ids,
  session: z.array(z.number().int().min(-1)),
  start: z.array(z.number()),
  device: counts,
  system: counts,
  source: z.array(z.number().int().min(-1)),
  sources: z.array(
    z.object({
      host: z.string(),
      utmSource: z.string().nullable(),
      utmMedium: z.string().nullable(),
      utmCampaign: z.string().nullable(),
    }),
  ),
  visibleMs: counts,
  activeMs: counts,
  firstInteractionMs: z.array(z.number().int().min(-1)),
  arPlatform: counts,
  arLaunches: counts,
  arPlaced: counts,
  arFailed: counts,
  arReturned: counts,
  attentionStart: counts,
  attentionBucket: counts,
  attentionMs: counts,
}) satisfies z.ZodType<VisitColumns<number[]>>;

/**
 * The company's products with the versions of their events and of their visits, by key (migrations 0003 and
 * 0017): the answer's tag. The events' versions are in it because a visit's session number comes from the
 * events (analytics_sessions is filled when an event of a new session is written, whatever its product).
 */
export const companyVisitVersions = readStatement<{ productId: number; events: string | null; visits: string | null }>(
  'company_visit_versions',
  `select g.id_groupe_model as "productId", e.version::text as "events", v.version::text as "visits"
   from groupe_models g
   left join product_event_versions e on e.produit_id = g.id_groupe_model
   left join product_visit_versions v on v.produit_id = g.id_groupe_model
   where g.entreprise_id = $1::int
   order by g.id_groupe_model`,
);

/**
 * The company's visits as JSON text, written by PostgreSQL in one statement: one text value crosses the
 * driver instead of 19 fields per visit (the wire parsing dominates on PGlite, as for the events' list).
 * Ordered by start time, then product and session id so that equal starts keep one order. The sources'
 * dictionary is numbered by dense_rank over the four fields (NULLs are peers in a window's order, so
 * "no campaign" is one value), hosts in alphabetical order; a visit without host has -1.
 *
 * The attention (integer[] indexed by bucket + 1) crosses as one text, each visit's array as written by
 * array_to_string, visits separated by ';', and becomes the sparse triple here (sparseAttention): unnesting
 * the million buckets of a demo company of 80,000 visits and aggregating them as JSON in the database cost seconds,
 * this split costs tens of milliseconds.
 */
export async function visitsBody(db: Db, entrepriseId: number): Promise<string> {
  const [row] = rowsOf<{ body: string; attention: string | null; visits: number }>(
    await db.execute(visitsSql(entrepriseId)),
  );
  const att = sparseAttention(row.attention ?? '', Number(row.visits));
  // The database's object ends with "}": the three arrays are appended before it.
  return `${row.body.slice(0, row.body.lastIndexOf('}'))}, "attentionStart" : [${att.start}], "attentionBucket" : [${att.bucket}], "attentionMs" : [${att.ms}]}`;
}

/** The dense arrays (visits joined by ';', values by ',') as CSR: each visit's non-zero buckets, in order. */
export function sparseAttention(text: string, visits: number): { start: string; bucket: string; ms: string } {
  const start: number[] = [0];
  const bucket: number[] = [];
  const ms: number[] = [];
  const dense = visits === 0 ? [] : text.split(';');
  for (const visit of dense) {
    if (visit !== '') {
      const values = visit.split(',');
      for (let b = 0; b < values.length; b++) {
        const v = Number(values[b]);
        if (v > 0) {
          bucket.push(b);
          ms.push(v);
        }
      }
    }
    start.push(bucket.length);
  }
  return { start: start.join(','), bucket: bucket.join(','), ms: ms.join(',') };
}

/** The statement of visitsBody (apart, to measure it: EXPLAIN). */
export function visitsSql(entrepriseId: number) {
  return sql`
    with o as (
      select pv.*, coalesce(s.session_no, -1) as session_no,
             case when pv.source_host is null then -1
                  else (dense_rank() over (order by pv.source_host, pv.utm_source, pv.utm_medium, pv.utm_campaign) - 1)::int
             end as source_no,
             row_number() over (order by pv.started_at, pv.produit_id, pv.user_session_id) as i
      from product_visits pv
      join groupe_models g on g.id_groupe_model = pv.produit_id
      left join analytics_sessions s on s.entreprise_id = g.entreprise_id and s.user_session_id = pv.user_session_id
      where g.entreprise_id = ${entrepriseId}
    )
    select json_build_object(
      'product', coalesce(json_agg(produit_id order by i), '[]'),
      'session', coalesce(json_agg(session_no order by i), '[]'),
      'start', coalesce(json_agg(floor(extract(epoch from started_at) * 1000)::bigint order by i), '[]'),
      'device', coalesce(json_agg(device order by i), '[]'),
      'system', coalesce(json_agg(system order by i), '[]'),
      'source', coalesce(json_agg(source_no order by i), '[]'),
      'sources', (select coalesce(json_agg(json_build_object('host', source_host, 'utmSource', utm_source,
                    'utmMedium', utm_medium, 'utmCampaign', utm_campaign) order by source_no), '[]')
                  from (select distinct on (source_no) source_no, source_host, utm_source, utm_medium, utm_campaign
                        from o where source_no >= 0 order by source_no) d),
      'visibleMs', coalesce(json_agg(visible_ms order by i), '[]'),
      'activeMs', coalesce(json_agg(active_ms order by i), '[]'),
      'firstInteractionMs', coalesce(json_agg(coalesce(first_interaction_ms, -1) order by i), '[]'),
      'arPlatform', coalesce(json_agg(ar_platform order by i), '[]'),
      'arLaunches', coalesce(json_agg(ar_launches order by i), '[]'),
      'arPlaced', coalesce(json_agg(ar_placed order by i), '[]'),
      'arFailed', coalesce(json_agg(ar_failed order by i), '[]'),
      'arReturned', coalesce(json_agg(ar_returned order by i), '[]')
    )::text as body,
    string_agg(array_to_string(attention, ',', '0'), ';' order by i) as attention,
    count(*)::int as visits
    from o`;
}
