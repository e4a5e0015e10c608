// The alerts of a company still to show a user on the dashboard (domain/dashboardAlerts.ts): raised by the
// job (alerts_sent, ./alerts.ts) in the last ALERT_BANNER_DAYS days of the company's calendar, not yet read
// by that user (alert_reads).
import { sql } from 'drizzle-orm';

import { ALERT_BANNER_DAYS, type AlertRead, type DashboardAlert } from '#domain/dashboardAlerts';

import { type Db, rowsOf } from '../db/client';
import { alertReads } from '../db/schema';

/** At most this many on the banner, the newest first. */
const SHOWN = 20;

export async function unreadAlerts(
  db: Db,
  userId: number,
  entrepriseId: number,
  now = new Date(),
): Promise<DashboardAlert[]> {
  return rowsOf<DashboardAlert>(
    await db.execute(sql`
      select a.produit_id as "produitId", g.nom_groupe_model as produit, a.kind, a.day::text as day
      from alerts_sent a
      join groupe_models g on g.id_groupe_model = a.produit_id
      join entreprises e on e.entreprise_id = g.entreprise_id
      where g.entreprise_id = ${entrepriseId}
        and a.day > (${now.toISOString()}::timestamptz at time zone e.time_zone)::date - ${ALERT_BANNER_DAYS}::int
        and not exists (select 1 from alert_reads r where r.user_id = ${userId} and r.produit_id = a.produit_id
                        and r.kind = a.kind and r.day = a.day)
      order by a.day desc, a.created_at desc, a.produit_id
      limit ${SHOWN}`),
  );
}

/** The company of the alert's product, or null when no such alert was raised. */
export async function alertCompany(db: Db, alert: AlertRead): Promise<number | null> {
  const [row] = rowsOf<{ entrepriseId: number }>(
    await db.execute(sql`
      select g.entreprise_id as "entrepriseId"
      from alerts_sent a join groupe_models g on g.id_groupe_model = a.produit_id
      where a.produit_id = ${alert.produitId} and a.kind = ${alert.kind} and a.day = ${alert.day}::date`),
  );
  return row?.entrepriseId ?? null;
}

export async function markRead(db: Db, userId: number, alert: AlertRead): Promise<void> {
  await db
    .insert(alertReads)
    .values({ userId, ...alert })
    .onConflictDoNothing();
}
