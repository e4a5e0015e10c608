// The section's five filters (source, campagne, pays, appareil, plateforme): labelled dropdowns whose
// choices are the values the period's visits carry, "Tous" first. A value kept in the URL that the visits
// do not carry stays offered, so that what is filtered is always visible.
import { useSetAtom } from 'jotai';
import { useMemo } from 'react';

import type { InsightFilters, InsightsView } from '#domain/analytics/insightsView';
import { AR_PLATFORM_LABELS, type ArPlatform, DEVICE_LABELS, type DeviceClass } from '#domain/visitSignals';

import { SelectField } from '../SelectField';
import { updateFiltersAtom } from './filterAtoms';

/** "All": not an empty string, which the Dropdown takes for no value (it would show no label). */
const ALL = '*';

function optionsOf<T extends string>(values: readonly T[], current: T | null, label: (v: T) => string, all: string) {
  const list = current !== null && !values.includes(current) ? [...values, current] : values;
  return [{ label: all, value: ALL }, ...list.map((v) => ({ label: label(v), value: v }))];
}

export function InsightFiltersBar({
  filters,
  options,
}: {
  filters: InsightFilters;
  options: InsightsView['options'] | null;
}) {
  const update = useSetAtom(updateFiltersAtom);
  const o = options ?? { sources: [], campaigns: [], countries: [], devices: [], platforms: [] };
  const lists = useMemo(
    () => ({
      source: optionsOf(o.sources, filters.source, (v) => v, 'Toutes les sources'),
      campaign: optionsOf(o.campaigns, filters.campaign, (v) => v, 'Toutes les campagnes'),
      country: optionsOf(o.countries, filters.country, (v) => v, 'Tous les pays'),
      device: optionsOf<DeviceClass>(o.devices, filters.device, (v) => DEVICE_LABELS[v], 'Tous les appareils'),
      platform: optionsOf<ArPlatform>(
        o.platforms,
        filters.platform,
        (v) => AR_PLATFORM_LABELS[v],
        'Toutes les plateformes',
      ),
    }),
    [o.sources, o.campaigns, o.countries, o.devices, o.platforms, filters],
  );
  const set = (patch: Partial<Record<keyof InsightFilters, string>>) =>
    update(Object.fromEntries(Object.entries(patch).map(([k, v]) => [k, v === ALL ? null : v])));
  return (
    <div className="insight-filters" role="group" aria-label="Filtres de l’analyse 3D et AR">
      <SelectField<string>
        id="insight-source"
        label="Source"
        value={filters.source ?? ALL}
        options={lists.source}
        onChange={(v) => set({ source: v })}
      />
      <SelectField<string>
        id="insight-campagne"
        label="Campagne"
        value={filters.campaign ?? ALL}
        options={lists.campaign}
        onChange={(v) => set({ campaign: v })}
      />
      <SelectField<string>
        id="insight-pays"
        label="Pays"
        value={filters.country ?? ALL}
        options={lists.country}
        onChange={(v) => set({ country: v })}
      />
      <SelectField<string>
        id="insight-appareil"
        label="Appareil"
        value={filters.device ?? ALL}
        options={lists.device}
        onChange={(v) => set({ device: v })}
      />
      <SelectField<string>
        id="insight-plateforme"
        label="Plateforme AR"
        value={filters.platform ?? ALL}
        options={lists.platform}
        onChange={(v) => set({ platform: v })}
      />
    </div>
  );
}
