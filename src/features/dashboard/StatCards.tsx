// The four figures under "Statistiques Générales - Visualisation 3D/AR", each with its small spinner; when
// comparing, each shows the previous period's value and the change (green up, red down, "—" from 0); before
// an Admin chooses a company, "Sélectionnez une entreprise" instead of zeros.
import { memo } from 'react';

import { changeLabel, changePercent, rateChange } from '#domain/analytics/rules';
import type { StatFigures } from '#domain/analytics/view';
import { formatNumber } from '#domain/format';

import { StatCard, StatGrid } from '../../ui/StatCard';

const n = formatNumber;

function Delta({ previous, change }: { previous: string; change: number | null }) {
  const tone = change === null || change === 0 ? '' : change > 0 ? 'up' : 'down';
  return (
    <span className="stat-delta">
      <span className="muted">
        Période précédente{'\u00a0'}: {previous}
      </span>
      <span className={`stat-change ${tone}`}>{changeLabel(change)}</span>
    </span>
  );
}

export const StatCards = memo(function StatCards({
  stats,
  previous,
  busy,
  loading,
  placeholder,
}: {
  stats: StatFigures;
  previous: StatFigures | null;
  /** Not yet this selection's figures (aria-busy): the ones shown stay until the new ones arrive. */
  busy: boolean;
  /** Spinners instead of the figures. */
  loading: boolean;
  /** Shown instead of every figure when there is nothing to count yet (no company chosen): not zeros. */
  placeholder?: string | null;
}) {
  const delta = (key: 'consultations' | 'interactions' | 'arTries') =>
    previous && !loading && !placeholder ? (
      <Delta previous={n(previous[key])} change={changePercent(stats[key], previous[key])} />
    ) : undefined;
  const pct = (v: number) => `${v}\u00a0%`;
  // The rate's change from the exact rates, rounded once (not from the two rounded rates shown).
  const rateDelta =
    previous && !loading && !placeholder ? (
      <Delta previous={pct(previous.conversionRate)} change={rateChange(stats.conversion, previous.conversion)} />
    ) : undefined;
  const shown = placeholder ? <span className="stat-placeholder">{placeholder}</span> : null;
  return (
    <section aria-labelledby="stats-title">
      <h2 id="stats-title" className="section-title">
        Statistiques Générales - Visualisation 3D/AR
      </h2>
      <StatGrid>
        <StatCard
          label="Nombre de consultation du modèle"
          value={shown ?? n(stats.consultations)}
          icon="pi-eye"
          busy={busy}
          loading={loading}
          hint={delta('consultations')}
        />
        <StatCard
          label="Interactions 3D"
          value={shown ?? n(stats.interactions)}
          icon="pi-box"
          busy={busy}
          loading={loading}
          hint={delta('interactions')}
        />
        <StatCard
          label="Essais AR"
          value={shown ?? n(stats.arTries)}
          icon="pi-mobile"
          busy={busy}
          loading={loading}
          hint={delta('arTries')}
        />
        <StatCard
          label="Taux de conversion"
          value={shown ?? pct(stats.conversionRate)}
          icon="pi-percentage"
          busy={busy}
          loading={loading}
          hint={rateDelta}
        />
      </StatGrid>
    </section>
  );
});
