// The weekly report's figures, in SQL on product_events with the dashboard's rules (docs/dashboard.md,
// domain/analytics/rules.ts) for the counting "Nombre total d'événements": each of the first three cards
// counts the events carrying its flag, the conversion rate is conversions out of all events. A week runs
// from Monday 00:00 to the next Monday 00:00 in the company's zone (the zone's own offsets, DST included).
import { sql } from 'drizzle-orm';

import type { RateParts } from '#domain/analytics/rules';

import { type Db, rowsOf } from '../db/client';

export interface WeekFigures {
  consultations: number;
  interactions: number;
  arTries: number;
  conversion: RateParts;
}

export interface TopProduct {
  id: number;
  name: string;
  consultations: number;
}

/** [start, start + 7 days) local to `timeZone`, `start` a date YYYY-MM-DD, on the timestamp column `ts`. */
export const weekBounds = (start: string, timeZone: string, ts = sql`e.ts`) => sql`
  ${ts} >= (${start}::date::timestamp at time zone ${timeZone})
  and ${ts} < ((${start}::date + 7)::timestamp at time zone ${timeZone})`;

export async function weekFigures(db: Db, entrepriseId: number, start: string, timeZone: string): Promise<WeekFigures> {
  const [row] = rowsOf<Record<'consultations' | 'interactions' | 'ar' | 'conversions' | 'events', string>>(
    await db.execute(sql`
      select count(*) filter (where e.consultation) as consultations,
             count(*) filter (where e.iframe_interaction) as interactions,
             count(*) filter (where e.ar_try) as ar,
             count(*) filter (where e.conversion) as conversions,
             count(*) as events
      from product_events e join groupe_models g on g.id_groupe_model = e.produit_id
      where g.entreprise_id = ${entrepriseId} and ${weekBounds(start, timeZone)}`),
  );
  return {
    consultations: Number(row.consultations),
    interactions: Number(row.interactions),
    arTries: Number(row.ar),
    conversion: { part: Number(row.conversions), whole: Number(row.events) },
  };
}

/** The week's five most consulted products (consultations, then name), those with none left out. */
export async function topProducts(
  db: Db,
  entrepriseId: number,
  start: string,
  timeZone: string,
): Promise<TopProduct[]> {
  const rows = rowsOf<{ id: number; name: string; consultations: string }>(
    await db.execute(sql`
      select g.id_groupe_model as id, g.nom_groupe_model as name, count(*) as consultations
      from product_events e join groupe_models g on g.id_groupe_model = e.produit_id
      where g.entreprise_id = ${entrepriseId} and e.consultation and ${weekBounds(start, timeZone)}
      group by g.id_groupe_model, g.nom_groupe_model
      order by count(*) desc, g.nom_groupe_model, g.id_groupe_model
      limit 5`),
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name, consultations: Number(r.consultations) }));
}
