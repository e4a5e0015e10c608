// Notes placed in the "Évolution" chart's buckets (domain/analytics/noteBuckets.ts).
import { describe, expect, it } from 'vitest';

import { placeNotes } from '#domain/analytics/noteBuckets';
import type { Annotation } from '#domain/annotation';

let id = 0;
const note = (jour: string, idGroupeModel: number | null = null): Annotation => ({
  id: ++id,
  entrepriseId: 1,
  idGroupeModel,
  jour,
  texte: `note ${id}`,
});
const base = { year: 2026, month: 11, week: 1, from: null, to: null };

describe('placeNotes', () => {
  const notes = [note('2026-11-20'), note('2026-01-01', 7), note('2025-12-31'), note('2026-11-30', 8)];

  it('a year: the month of each note of that year, in date order', () => {
    const labels = Array.from({ length: 12 }, (_, i) => String(i));
    const placed = placeNotes(notes, { ...base, period: 'year' }, labels, null);
    expect(placed.map((p) => [p.note.jour, p.bucket])).toEqual([
      ['2026-01-01', 0],
      ['2026-11-20', 10],
      ['2026-11-30', 10],
    ]);
  });

  it('a month: the week block, days 29-31 in the fourth', () => {
    const placed = placeNotes(notes, { ...base, period: 'month' }, ['S1', 'S2', 'S3', 'S4'], null);
    expect(placed.map((p) => [p.note.jour, p.bucket])).toEqual([
      ['2026-11-20', 2],
      ['2026-11-30', 3],
    ]);
  });

  it("a product's scope keeps the company's notes and that product's only", () => {
    const placed = placeNotes(notes, { ...base, period: 'year' }, Array(12).fill(''), 7);
    expect(placed.map((p) => p.note.jour)).toEqual(['2026-01-01', '2026-11-20']);
  });

  it('all time: the year bucket from the first label; outside the labels, not placed', () => {
    const placed = placeNotes(notes, { ...base, period: 'all_time' }, ['2026'], null);
    expect(placed.map((p) => p.bucket)).toEqual([0, 0, 0]);
    expect(placeNotes(notes, { ...base, period: 'all_time' }, ['2025', '2026'], null).map((p) => p.bucket)).toEqual([
      0, 1, 1, 1,
    ]);
  });

  it('a custom range by day: the day after the range is out', () => {
    const placed = placeNotes(
      notes,
      { ...base, period: 'custom', from: '2026-11-20', to: '2026-11-29' },
      Array(10).fill(''),
      null,
    );
    expect(placed.map((p) => [p.note.jour, p.bucket])).toEqual([['2026-11-20', 0]]);
  });

  it('no buckets (no company): nothing placed', () => {
    expect(placeNotes(notes, { ...base, period: 'year' }, [], null)).toEqual([]);
  });
});
