// Which bucket of the "Évolution" chart a note's day falls in, for the selection shown (buckets.ts): notes
// outside the period are not placed. A note is about a day of the company's calendar, like the buckets.
import type { Annotation } from '../annotation';
import { dayOfIso, type PeriodFields, periodPlan, yearOf } from './buckets';

export interface PlacedNote {
  note: Annotation;
  bucket: number;
}

/**
 * The notes of the period in the chart's buckets, in date order. `labels` are the chart's: for all_time
 * they are the years shown (the first one is the first bucket). `produitId`: a product's scope keeps the
 * company's notes and that product's; null keeps every note.
 */
export function placeNotes(
  notes: readonly Annotation[],
  selection: PeriodFields,
  labels: readonly string[],
  produitId: number | null,
): PlacedNote[] {
  if (labels.length === 0) return [];
  const inScope = notes.filter((n) => produitId === null || n.idGroupeModel === null || n.idGroupeModel === produitId);
  const placed: PlacedNote[] = [];
  if (selection.period === 'all_time') {
    const first = Number(labels[0]);
    for (const note of inScope) {
      const day = dayOfIso(note.jour);
      if (day === null) continue;
      const bucket = yearOf(day) - first;
      if (bucket >= 0 && bucket < labels.length) placed.push({ note, bucket });
    }
  } else {
    const plan = periodPlan(selection, 0, 0);
    for (const note of inScope) {
      const day = dayOfIso(note.jour);
      if (day === null || day < plan.from || day >= plan.to) continue;
      const bucket = plan.bucketOfDay(day);
      if (bucket >= 0 && bucket < labels.length) placed.push({ note, bucket });
    }
  }
  return placed.sort((a, b) => a.note.jour.localeCompare(b.note.jour) || a.note.id - b.note.id);
}
