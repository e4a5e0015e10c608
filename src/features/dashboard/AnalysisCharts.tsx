// "Analyse Détaillée": the three charts, each isolated, with the empty messages of docs/product.md and placeholder.
import { memo } from 'react';

import { exportCaption, periodText } from '#domain/analytics/exportCaption';
import type { GeoItem } from '#domain/analytics/fields';
import type { InsightFilters } from '#domain/analytics/insightsView';
import { type FunnelStep, percent } from '#domain/analytics/rules';
import type { Counting, Metric, Period } from '#domain/analytics/selection';
import { COUNTING_LABELS, METRIC_LABELS } from '#domain/analytics/selection';
import type { DashboardView } from '#domain/analytics/view';
import { formatNumber } from '#domain/format';

import { ChartCard } from '../../ui/ChartCard';
import { useStableValue } from '../../ui/useStableValue';
import { EvolutionChart, LINE_HEIGHT } from './EvolutionChart';
import { BAR_HEIGHT, BAR_PALETTE, FunnelChart } from './FunnelChart';
import { DOUGHNUT_HEIGHT, DOUGHNUT_PALETTE, GeoChart, topSlices } from './GeoChart';
import { ALL_FAILED } from './IncompleteData';

export const EMPTY_SERIES = 'Aucune donnée datée disponible pour cette période';
export const EMPTY_GEO = 'Aucune donnée géographique disponible';
export const EMPTY_JOURNEY = 'Aucune donnée de parcours utilisateur disponible';
export const NO_COMPANY = 'Sélectionnez une entreprise';
const NONE_GEO: GeoItem[] = [];
/** What the doughnut counts in each mode (docs/product.md §1.7): events, or distinct sessions. */
export const GEO_COUNTS: Record<Counting, string> = {
  total: "Événements par pays (nombre total d'événements)",
  unique_users: 'Utilisateurs uniques par pays (une session comptée une fois)',
};
const NONE_FUNNEL: FunnelStep[] = [];

/** The month's last block runs from the 22nd to the month's end (docs/product.md §1.7): said, so that its bar does not read as a spike. */
export const MONTH_LAST_BLOCK_HINT = 'Sem 4 : du 22 à la fin du mois (7 à 10 jours)';

interface Props {
  metric: Metric;
  period: Period;
  counting: Counting;
  noCompany: boolean;
  /** A new selection gives a chart that failed another chance. */
  resetKey: string;
  view: DashboardView | null;
  frozen: boolean;
  /** Every call failed: the charts say so instead of an empty-data message. */
  unavailable?: boolean;
  /** End of the export file names: <company>_<scope>_<period> (domain/analytics/exportName.ts). */
  pngSuffix: string;
  /** What each PNG says of itself: company, scope name and period (memoised by the page). */
  exportContext: {
    company: string;
    scopeName: string;
    selection: Parameters<typeof periodText>[0];
    /** The dashboard's filters, named in each caption when one is set. */
    filters?: InsightFilters | null;
  };
  /** The buckets of the period's notes (ChartNotes.tsx), drawn on the "Évolution" chart. */
  noteMarks?: readonly number[];
}

// Memoised on primitive props: a switch re-renders the charts when its figures arrive, not before.
export const AnalysisCharts = memo(function AnalysisCharts({
  metric: metricKey,
  period,
  counting,
  noCompany,
  resetKey: key,
  view,
  frozen,
  unavailable,
  pngSuffix,
  exportContext,
  noteMarks,
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
  const context = { ...exportContext, counting };
  const previousValues = view?.previous?.values ?? null;
  const evolutionCaption = () =>
    exportCaption(
      `Évolution — ${metric.label}`,
      context,
      labels.map((label, i) => ({
        label,
        value: `${values[i] === null ? '—' : formatNumber(values[i])}${
          previousValues
            ? ` (période précédente : ${previousValues[i] === null ? '—' : formatNumber(previousValues[i])})`
            : ''
        }`,
      })),
    );
  const geoTotal = geo.reduce((s, g) => s + g.value, 0);
  const geoCaption = () =>
    exportCaption(
      `Origine géographique — ${GEO_COUNTS[counting]}`,
      context,
      topSlices(geo).map((g, i) => ({
        label: g.label,
        value: `${formatNumber(g.value)} (${percent(g.value, geoTotal)}\u00a0%)`,
        color: DOUGHNUT_PALETTE[i],
      })),
    );
  const funnelCaption = () =>
    exportCaption(
      'Parcours utilisateur — entonnoir AR',
      context,
      funnel.map((f, i) => ({
        label: f.name,
        value: `${formatNumber(f.count)} sessions (${f.percent}\u00a0%)`,
        color: BAR_PALETTE[i % BAR_PALETTE.length],
      })),
    );

  return (
    <section aria-labelledby="analyse-title">
      <h2 id="analyse-title" className="section-title">
        Analyse Détaillée
      </h2>
      <ChartCard
        title="Évolution"
        pngName={`evolution_${pngSuffix}.png`}
        pngCaption={evolutionCaption}
        subtitle={`${metric.label} (${COUNTING_LABELS[counting]}) — ${metric.description}${period === 'month' ? ` — ${MONTH_LAST_BLOCK_HINT}` : ''}`}
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
            marks={noteMarks}
          />
        )}
      </ChartCard>
      <div className="chart-pair">
        <ChartCard
          title="Origine géographique"
          subtitle={GEO_COUNTS[counting]}
          pngName={`geographie_${pngSuffix}.png`}
          pngCaption={geoCaption}
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
          pngName={`parcours_${pngSuffix}.png`}
          pngCaption={funnelCaption}
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
