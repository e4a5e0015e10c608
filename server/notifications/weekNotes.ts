// The chart's notes of a week (docs/dashboard.md, "Notes"), for the weekly report: what happened that week
// beside its figures ("Nouveau modèle 3D", "Campagne Instagram").
import { and, asc, eq, gte, lte } from 'drizzle-orm';

import type { Db } from '../db/client';
import { annotations, groupeModels } from '../db/schema';
import { addDays } from './weekDates';

export interface WeekNote {
  jour: string;
  texte: string;
  /** The product's name; null for a note about the whole company. */
  product: string | null;
}

/** The company's notes dated in the week from its Monday `start` (days of the company's calendar). */
export async function weekNotes(db: Db, entrepriseId: number, start: string): Promise<WeekNote[]> {
  return db
    .select({ jour: annotations.jour, texte: annotations.texte, product: groupeModels.nomGroupeModel })
    .from(annotations)
    .leftJoin(groupeModels, eq(groupeModels.idGroupeModel, annotations.idGroupeModel))
    .where(
      and(
        eq(annotations.entrepriseId, entrepriseId),
        gte(annotations.jour, start),
        lte(annotations.jour, addDays(start, 6)),
      ),
    )
    .orderBy(asc(annotations.jour), asc(annotations.id));
}
