// The weekly report's "Succès AR par plateforme" (docs/notifications.md): per AR platform, the week's visits
// (product_visits, started in the company's local week) that launched AR there, and their outcome as the
// viewer recorded it (domain/visitSignals.ts). Success: WebXR placed the model (ar_placed >= 1); Scene
// Viewer and Quick Look came back to the page (ar_returned >= 1) without a failure — their return is all
// they tell, and Scene Viewer's failure also comes back, with the fallback hash. Failure: ar_failed >= 1,
// as the "Échecs AR" alert counts it.
import { sql } from 'drizzle-orm';

import { AR_PLATFORMS, type ArPlatform } from '#domain/visitSignals';

import { type Db, rowsOf } from '../db/client';
import { weekBounds } from './weekFigures';

export interface ArPlatformWeek {
  platform: ArPlatform;
  launches: number;
  successes: number;
  failures: number;
}

/** The platforms launched in the week, in AR_PLATFORMS order; none launched: an empty list. */
export async function weekAr(db: Db, entrepriseId: number, start: string, timeZone: string): Promise<ArPlatformWeek[]> {
  const webxr = AR_PLATFORMS.indexOf('webxr') + 1;
  const rows = rowsOf<{ platform: number; launches: number; successes: number; failures: number }>(
    await db.execute(sql`
      select v.ar_platform as platform, count(*)::int as launches,
             (count(*) filter (where case when v.ar_platform = ${webxr} then v.ar_placed >= 1
                                          else v.ar_returned >= 1 and v.ar_failed = 0 end))::int as successes,
             (count(*) filter (where v.ar_failed >= 1))::int as failures
      from product_visits v join groupe_models g on g.id_groupe_model = v.produit_id
      where g.entreprise_id = ${entrepriseId} and v.ar_platform > 0 and v.ar_launches >= 1
        and ${weekBounds(start, timeZone, sql`v.started_at`)}
      group by v.ar_platform
      order by v.ar_platform`),
  );
  return rows.flatMap((r) => {
    const platform = AR_PLATFORMS[Number(r.platform) - 1];
    return platform
      ? [{ platform, launches: Number(r.launches), successes: Number(r.successes), failures: Number(r.failures) }]
      : [];
  });
}
