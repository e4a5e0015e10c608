// "Origine géographique": the countries as an SVG doughnut, 350 px, legend below, 5 colours. The first
// four countries get their own slice, the rest one "Autres pays" slice, so 5 colours never repeat.
import { memo } from 'react';

import { countryShown } from '#domain/analytics/countries';
import type { GeoItem } from '#domain/analytics/fields';

import { Doughnut } from '../../ui/Doughnut';

export const DOUGHNUT_HEIGHT = 350;
export const DOUGHNUT_PALETTE = ['#4f46e5', '#0ea5e9', '#10b981', '#f59e0b', '#94a3b8'];

/** The slices as shown: "Unknown" of the data reads "Pays inconnu" (countries.ts countryShown). */
export function topSlices(geo: GeoItem[], max = DOUGHNUT_PALETTE.length): GeoItem[] {
  const shown = geo.map((g) => ({ label: countryShown(g.label), value: g.value }));
  if (shown.length <= max) return shown;
  const rest = shown.slice(max - 1).reduce((s, g) => s + g.value, 0);
  return [...shown.slice(0, max - 1), { label: 'Autres pays', value: rest }];
}

export const GeoChart = memo(function GeoChart({ geo }: { geo: GeoItem[] }) {
  return (
    <Doughnut
      slices={topSlices(geo)}
      palette={DOUGHNUT_PALETTE}
      height={DOUGHNUT_HEIGHT}
      label="Origine géographique"
    />
  );
});
