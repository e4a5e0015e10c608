// The four figures under "Statistiques Générales - Visualisation 3D/AR", each with its small spinner.
import { memo } from 'react';
import type { StatFigures } from '../../domain/analytics/view';
import { StatCard, StatGrid } from '../../ui/StatCard';

export const StatCards = memo(function StatCards({ stats, loading }: { stats: StatFigures; loading: boolean }) {
  const n = (v: number) => v.toLocaleString('fr-FR');
  return (
    <section aria-labelledby="stats-title">
      <h2 id="stats-title" className="section-title">
        Statistiques Générales - Visualisation 3D/AR
      </h2>
      <StatGrid>
        <StatCard label="Nombre de consultation du modèle" value={n(stats.consultations)} icon="pi-eye" loading={loading} />
        <StatCard label="Interactions 3D" value={n(stats.interactions)} icon="pi-box" loading={loading} />
        <StatCard label="Essais AR" value={n(stats.arTries)} icon="pi-mobile" loading={loading} />
        <StatCard label="Taux de conversion" value={`${stats.conversionRate} %`} icon="pi-percentage" loading={loading} />
      </StatGrid>
    </section>
  );
});
