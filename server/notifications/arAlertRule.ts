// "Échecs AR" (docs/notifications.md "Alerts"): per product and AR platform, the visits of the last 7 days
// (24-hour windows ending at the tick, like the other alerts) that launched AR there, and how many of them
// failed (ar_failed >= 1, domain/visitSignals.ts). A platform is failing when at least AR_MIN_LAUNCHES visits
// launched it and at least AR_FAILURE_SHARE of them failed; a product is alerted once a day for all its
// failing platforms together (the rule is "once per day per product and kind").
import { sql } from 'drizzle-orm';

import { AR_FAILURE_SHARE, AR_MIN_LAUNCHES } from '#domain/notifications';
import { AR_PLATFORMS, type ArPlatform } from '#domain/visitSignals';

import { type Db, rowsOf } from '../db/client';
import type { AlertedProduct } from './alertRules';
import { watchedProducts } from './alertRules';

// The thresholds live in domain/notifications.ts, where the "Mes notifications" screen reads them too.
export { AR_FAILURE_SHARE, AR_MIN_LAUNCHES } from '#domain/notifications';

export interface FailingPlatform {
  platform: ArPlatform;
  /** Visits that launched AR on this platform in the 7 days. */
  launched: number;
  /** Of them, the visits that failed at least once. */
  failed: number;
}

export async function arFailures(db: Db, now: Date): Promise<AlertedProduct[]> {
  const at = now.toISOString();
  const rows = rowsOf<Omit<AlertedProduct, 'current' | 'baseline' | 'arPlatforms'> & FailingRow>(
    await db.execute(sql`
      with products as (${watchedProducts})
      select p.id_groupe_model as "produitId", p.nom_groupe_model as name, p.entreprise_id as "entrepriseId",
             p.time_zone as "timeZone", v.ar_platform as platform,
             count(*)::int as launched, (count(*) filter (where v.ar_failed >= 1))::int as failed
      from products p join product_visits v on v.produit_id = p.id_groupe_model
      where v.ar_platform > 0 and v.ar_launches >= 1
        and v.started_at > ${at}::timestamptz - interval '7 days' and v.started_at <= ${at}::timestamptz
      group by p.id_groupe_model, p.nom_groupe_model, p.entreprise_id, p.time_zone, v.ar_platform
      having count(*) >= ${AR_MIN_LAUNCHES}
         and count(*) filter (where v.ar_failed >= 1) >= count(*) * ${AR_FAILURE_SHARE}::float8
      order by p.id_groupe_model, v.ar_platform`),
  );
  const byProduct = new Map<number, AlertedProduct & { arPlatforms: FailingPlatform[] }>();
  for (const r of rows) {
    const platform = AR_PLATFORMS[Number(r.platform) - 1];
    if (!platform) continue; // A code this server does not know (a newer viewer): nothing to name it by.
    let p = byProduct.get(r.produitId);
    if (!p) {
      const { produitId, name, entrepriseId, timeZone } = r;
      p = { produitId, name, entrepriseId, timeZone, current: 0, baseline: 0, arPlatforms: [] };
      byProduct.set(produitId, p);
    }
    p.arPlatforms.push({ platform, launched: Number(r.launched), failed: Number(r.failed) });
    p.current += Number(r.failed);
  }
  return [...byProduct.values()];
}

interface FailingRow {
  platform: number;
  launched: number;
  failed: number;
}
