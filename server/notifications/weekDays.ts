// The weekly report's chart data: the week's consultations (the report's first figure, the dashboard's
// "Nombre de consultation du modèle" in "Nombre total d'événements") per local day of the company's zone,
// so the seven bars add up to the figure the report prints.
import { sql } from 'drizzle-orm';

import { type Db, rowsOf } from '../db/client';
import { addDays } from './weekDates';
import { weekBounds } from './weekFigures';

export interface DayCount {
  /** The local day, YYYY-MM-DD. */
  day: string;
  consultations: number;
}

/** Seven days from the Monday `start`, each present (0 when nothing was consulted that day). */
export async function weekDays(db: Db, entrepriseId: number, start: string, timeZone: string): Promise<DayCount[]> {
  const rows = rowsOf<{ day: string; consultations: number }>(
    await db.execute(sql`
      select to_char((e.ts at time zone ${timeZone})::date, 'YYYY-MM-DD') as day, count(*)::int as consultations
      from product_events e join groupe_models g on g.id_groupe_model = e.produit_id
      where g.entreprise_id = ${entrepriseId} and e.consultation and ${weekBounds(start, timeZone)}
      group by 1`),
  );
  const byDay = new Map(rows.map((r) => [r.day, Number(r.consultations)]));
  return Array.from({ length: 7 }, (_, i) => {
    const day = addDays(start, i);
    return { day, consultations: byDay.get(day) ?? 0 };
  });
}
