// A visit's signals stored (product_visits, domain/visitSignals.ts, docs/viewer.md "Visit signals"): one
// statement per batch that carries them, an insert of the visit's row or, when the row exists, its merge.
// The viewer sends totals since the visit opened, so a beacon lost, repeated or arriving late changes
// nothing: every number keeps the larger of the stored and the sent (the first interaction the earlier),
// the attention per bucket likewise; the AR platform follows the larger launch count; the source and the
// device, known at the visit's first write, are only filled in when still unknown; started_at is kept.
import { sql } from 'drizzle-orm';

import { AR_PLATFORMS, ATTENTION_BUCKETS, type VisitSignals } from '#domain/visitSignals';

import type { Db } from '../db/client';
import type { VisitDevice } from './device';

export interface VisitWrite {
  produitId: number;
  userSessionId: string;
  signals: VisitSignals;
  device: VisitDevice;
  now: Date;
}

/** The attention pairs as the stored dense array: ATTENTION_BUCKETS entries, index = bucket. */
export function denseAttention(pairs: VisitSignals['attention']): number[] {
  const dense = new Array<number>(ATTENTION_BUCKETS).fill(0);
  for (const [bucket, ms] of pairs) dense[bucket] = ms;
  return dense;
}

export async function writeVisit(db: Db, v: VisitWrite): Promise<void> {
  const s = v.signals;
  const source = s.source;
  const ar = s.ar;
  const attention = `{${denseAttention(s.attention).join(',')}}`;
  const at = v.now.toISOString();
  // least()/greatest() ignore nulls in PostgreSQL: least(old, new) is the first interaction either knows.
  await db.execute(sql`
    insert into product_visits as pv (produit_id, user_session_id, started_at, updated_at, device, system,
      source_host, utm_source, utm_medium, utm_campaign, visible_ms, active_ms, first_interaction_ms, attention,
      ar_platform, ar_launches, ar_placed, ar_failed, ar_returned)
    values (${v.produitId}, ${v.userSessionId}, ${at}::timestamptz, ${at}::timestamptz, ${v.device.device},
      ${v.device.system}, ${source?.host ?? null}, ${source?.utmSource ?? null}, ${source?.utmMedium ?? null},
      ${source?.utmCampaign ?? null}, ${s.visibleMs}, ${s.activeMs}, ${s.firstInteractionMs ?? null},
      ${attention}::integer[], ${ar ? AR_PLATFORMS.indexOf(ar.platform) + 1 : 0}, ${ar?.launches ?? 0},
      ${ar?.placed ?? 0}, ${ar?.failed ?? 0}, ${ar?.returned ?? 0})
    on conflict (produit_id, user_session_id) do update set
      updated_at = excluded.updated_at,
      device = case when pv.device = 0 then excluded.device else pv.device end,
      system = case when pv.device = 0 and pv.system = 0 then excluded.system else pv.system end,
      source_host = coalesce(pv.source_host, excluded.source_host),
      utm_source = case when pv.source_host is null then excluded.utm_source else pv.utm_source end,
      utm_medium = case when pv.source_host is null then excluded.utm_medium else pv.utm_medium end,
      utm_campaign = case when pv.source_host is null then excluded.utm_campaign else pv.utm_campaign end,
      visible_ms = greatest(pv.visible_ms, excluded.visible_ms),
      active_ms = greatest(pv.active_ms, excluded.active_ms),
      first_interaction_ms = least(pv.first_interaction_ms, excluded.first_interaction_ms),
      attention = array(
        select greatest(coalesce(pv.attention[i], 0), coalesce(excluded.attention[i], 0))
        from generate_series(1, ${ATTENTION_BUCKETS}) as g(i) order by i),
      ar_platform = case when excluded.ar_platform <> 0 and excluded.ar_launches >= pv.ar_launches
        then excluded.ar_platform else pv.ar_platform end,
      ar_launches = greatest(pv.ar_launches, excluded.ar_launches),
      ar_placed = greatest(pv.ar_placed, excluded.ar_placed),
      ar_failed = greatest(pv.ar_failed, excluded.ar_failed),
      ar_returned = greatest(pv.ar_returned, excluded.ar_returned)`);
}
