// "Analyse Détaillée": the three charts, each isolated, with the empty messages of docs/product.md and placeholder.
import { memo } from 'react';

import type { GeoItem } from '../../domain/analytics/fields';
import type { FunnelStep } from '../../domain/analytics/rules';
import type { Counting, Metric } from '../../domain/analytics/selection';
import { COUNTING_LABELS, METRIC_LABELS } from '../../domain/analytics/selection';
import type { DashboardView } from '../../domain/analytics/view';
import { ChartCard } from '../../ui/ChartCard';
import { useStableValue } from '../../ui/useStableValue';
import { EvolutionChart, LINE_HEIGHT } from './EvolutionChart';
import { BAR_HEIGHT, FunnelChart } from './FunnelChart';
import { DOUGHNUT_HEIGHT, GeoChart } from './GeoChart';
import { ALL_FAILED } from './IncompleteData';

export const EMPTY_SERIES = 'Aucune donnée datée disponible pour cette période';
export const EMPTY_GEO = 'Aucune donnée géographique disponible';
export const EMPTY_JOURNEY = 'Aucune donnée de parcours utilisateur disponible';
export const NO_COMPANY = 'Sélectionnez une entreprise';
const NONE_GEO: GeoItem[] = [];
const NONE_FUNNEL: FunnelStep[] = [];

interface Props {
  metric: Metric;
  counting: Counting;
  noCompany: boolean;
  /** A new selection gives a chart that failed another chance. */
  resetKey: string;
  view: DashboardView | null;
  frozen: boolean;
  /** Every call failed: the charts say so instead of an empty-data message. */
  unavailable?: boolean;
  /** Start of the export file names: visio3d_<company>_<period>. */
  pngPrefix: string;
}

// Memoised on primitive props: a switch re-renders the charts when its figures arrive, not before.
export const AnalysisCharts = memo(function AnalysisCharts({
  metric: metricKey,
  counting,
  noCompany,
  resetKey: key,
  view,
  frozen,
  unavailable,
  pngPrefix,
}: Props) {
  const metric = METRIC_LABELS[metricKey];
  // Without a company, no chart (no zero on a 0–1 axis): "Sélectionnez une entreprise" in each card.
  const labels = noCompany ? [] : (view?.series.labels ?? []);
  const values = noCompany ? [] : (view?.series.values ?? []);
  // "No data" only when the period has no event at all: a metric at zero among events shows its zeros.
  const seriesEmpty = !noCompany && view !== null && view.eventCount === 0;
  const insteadOfData = noCompany ? NO_COMPANY : unavailable ? ALL_FAILED : null;
  // A metric change brings the same countries and funnel: the same arrays, so those charts stay as drawn.
  const geo = useStableValue((!noCompany && view?.geo) || NONE_GEO);
  const funnel = useStableValue((!noCompany && view?.funnel) || NONE_FUNNEL);

  return (
    <section aria-labelledby="analyse-title">
      <h2 id="analyse-title" className="section-title">
        Analyse Détaillée
      </h2>
      <ChartCard
        title="Évolution"
        pngName={`${pngPrefix}_evolution.png`}
        subtitle={`${metric.label} (${COUNTING_LABELS[counting]}) — ${metric.description}`}
        height={LINE_HEIGHT}
        frozen={frozen}
        resetKey={key}
        emptyMessage={insteadOfData ?? (seriesEmpty ? EMPTY_SERIES : null)}
      >
        {labels.length > 0 && (
          <EvolutionChart
            labels={labels}
            values={values}
            partial={view?.series.partial ?? -1}
            previous={view?.previous?.values ?? null}
          />
        )}
      </ChartCard>
      <div className="chart-pair">
        <ChartCard
          title="Origine géographique - Visiteurs / Utilisateurs uniques"
          pngName={`${pngPrefix}_geographie.png`}
          height={DOUGHNUT_HEIGHT}
          frozen={frozen}
          resetKey={key}
          emptyMessage={insteadOfData ?? (!noCompany && view !== null && geo.length === 0 ? EMPTY_GEO : null)}
        >
          {geo.length > 0 && <GeoChart geo={geo} />}
        </ChartCard>
        <ChartCard
          title="Parcours utilisateur"
          subtitle="Entonnoir AR : sessions ayant atteint chaque étape et les précédentes"
          pngName={`${pngPrefix}_parcours.png`}
          height={BAR_HEIGHT}
          frozen={frozen}
          resetKey={key}
          emptyMessage={insteadOfData ?? (!noCompany && view !== null && funnel.length === 0 ? EMPTY_JOURNEY : null)}
        >
          {funnel.length > 0 && <FunnelChart steps={funnel} />}
        </ChartCard>
      </div>
    </section>
  );
});
