// The alerts' conditions, in SQL on product_events, for the products of companies with a subscriber
// (docs/notifications.md "Alerts"). Days here are 24-hour windows ending at `now`, not calendar days, so
// that a product is judged on whole days whatever the time of the tick.
import { sql } from 'drizzle-orm';

import { type Db, rowsOf } from '../db/client';
import type { FailingPlatform } from './arAlertRule';

/** "Chute de fréquentation": the last 7 days' visitors under this share of the four weeks before. */
export const DROP_SHARE = 0.5;
/** …when those four weeks had at least this many visitors a week on average (too few says nothing). */
export const DROP_MIN_BASELINE = 20;

export interface AlertedProduct {
  produitId: number;
  name: string;
  entrepriseId: number;
  timeZone: string;
  /** Collection stopped: events in the 7 days before; traffic drop: visitors in the last 7 days. */
  current: number;
  /** Traffic drop: the four weeks' average of visitors a week (0 for a stopped collection). */
  baseline: number;
  /** AR failures: the platforms over the threshold (./arAlertRule.ts); `current` is their failed visits. */
  arPlatforms?: FailingPlatform[];
}

/** The products of the companies where someone receives the alerts. */
export const watchedProducts = sql`
  select g.id_groupe_model, g.nom_groupe_model, g.entreprise_id, e.time_zone
  from groupe_models g join entreprises e on e.entreprise_id = g.entreprise_id
  where g.entreprise_id in (
    select u.entreprise_id from notification_subscriptions s join users u on u.user_id = s.user_id
    where s.alerts and u.is_active)`;

/**
 * "Collecte interrompue": products with events in each of the 7 days (24 h windows) before the last 24 h,
 * and none in the last 24 h.
 */
export async function collectionStopped(db: Db, now: Date): Promise<AlertedProduct[]> {
  const at = now.toISOString();
  return rowsOf<AlertedProduct>(
    await db.execute(sql`
      with products as (${watchedProducts})
      select p.id_groupe_model as "produitId", p.nom_groupe_model as name, p.entreprise_id as "entrepriseId",
             p.time_zone as "timeZone", d.events as current, 0 as baseline
      from products p
      cross join lateral (
        select count(distinct floor(extract(epoch from (${at}::timestamptz - pe.ts)) / 86400))::int as days,
               count(*)::int as events
        from product_events pe
        where pe.produit_id = p.id_groupe_model
          and pe.ts > ${at}::timestamptz - interval '8 days' and pe.ts <= ${at}::timestamptz - interval '1 day'
      ) d
      where d.days = 7
        and not exists (select 1 from product_events pe where pe.produit_id = p.id_groupe_model
                        and pe.ts > ${at}::timestamptz - interval '1 day' and pe.ts <= ${at}::timestamptz)
      order by p.id_groupe_model`),
  );
}

/**
 * "Chute de fréquentation": visitors (distinct sessions) of the last 7 days under DROP_SHARE of the weekly
 * average of the 28 days before them, when that average is at least DROP_MIN_BASELINE. A product whose
 * collection stopped altogether is left to the alert above.
 */
export async function trafficDrop(db: Db, now: Date): Promise<AlertedProduct[]> {
  const at = now.toISOString();
  return rowsOf<AlertedProduct>(
    await db.execute(sql`
      with products as (${watchedProducts})
      select p.id_groupe_model as "produitId", p.nom_groupe_model as name, p.entreprise_id as "entrepriseId",
             p.time_zone as "timeZone", c.visitors as current, b.weekly as baseline
      from products p
      cross join lateral (
        select count(distinct pe.user_session_id)::int as visitors from product_events pe
        where pe.produit_id = p.id_groupe_model
          and pe.ts > ${at}::timestamptz - interval '7 days' and pe.ts <= ${at}::timestamptz
      ) c
      cross join lateral (
        select (count(distinct (pe.user_session_id, floor(extract(epoch from (${at}::timestamptz - pe.ts)) / 604800))) / 4.0)::float8 as weekly
        from product_events pe
        where pe.produit_id = p.id_groupe_model
          and pe.ts > ${at}::timestamptz - interval '35 days' and pe.ts <= ${at}::timestamptz - interval '7 days'
      ) b
      where b.weekly >= ${DROP_MIN_BASELINE} and c.visitors > 0 and c.visitors < b.weekly * ${DROP_SHARE}
      order by p.id_groupe_model`),
  );
}
