// "Analyse Détaillée": the three charts, each isolated, with the spec's empty messages and placeholder.
import type { Selection } from '../../domain/analytics/selection';
import { METRIC_LABELS, COUNTING_LABELS } from '../../domain/analytics/selection';
import type { DashboardView } from '../../domain/analytics/view';
import { ChartCard } from '../../ui/ChartCard';
import { EvolutionChart, LINE_HEIGHT } from './EvolutionChart';
import { DOUGHNUT_HEIGHT, GeoChart } from './GeoChart';
import { BAR_HEIGHT, JourneyChart } from './JourneyChart';

export const EMPTY_SERIES = 'Aucune donnée datée disponible pour cette période';
export const EMPTY_GEO = 'Aucune donnée géographique disponible';
export const EMPTY_JOURNEY = 'Aucune donnée de parcours utilisateur disponible';
export const NO_COMPANY = 'Sélectionnez une entreprise';

interface Props {
  selection: Selection;
  view: DashboardView | null;
  frozen: boolean;
}

export function AnalysisCharts({ selection, view, frozen }: Props) {
  const key = JSON.stringify(selection);
  const metric = METRIC_LABELS[selection.metric];
  const noCompany = selection.companyId === null;
  // Without a company, one zero under "Sélectionnez une entreprise"; with one, a zero per label at least.
  const labels = noCompany ? [NO_COMPANY] : (view?.series.labels ?? []);
  const values = noCompany ? [0] : (view?.series.values ?? []);
  const seriesEmpty = !noCompany && view !== null && values.every((v) => v === 0);
  const geo = view?.geo ?? [];
  const journey = view?.journey ?? [];

  return (
    <section aria-labelledby="analyse-title">
      <h2 id="analyse-title" className="section-title">
        Analyse Détaillée
      </h2>
      <ChartCard
        title="Évolution"
        subtitle={`${metric.label} (${COUNTING_LABELS[selection.counting]}) — ${metric.description}`}
        height={LINE_HEIGHT}
        frozen={frozen}
        resetKey={key}
        emptyMessage={seriesEmpty ? EMPTY_SERIES : null}
      >
        {labels.length > 0 && <EvolutionChart labels={labels} values={values} />}
      </ChartCard>
      <div className="chart-pair">
        <ChartCard
          title="Origine géographique - Visiteurs / Utilisateurs uniques"
          height={DOUGHNUT_HEIGHT}
          frozen={frozen}
          resetKey={key}
          emptyMessage={!noCompany && view !== null && geo.length === 0 ? EMPTY_GEO : null}
        >
          {geo.length > 0 && <GeoChart geo={geo} />}
        </ChartCard>
        <ChartCard
          title="Parcours utilisateur"
          height={BAR_HEIGHT}
          frozen={frozen}
          resetKey={key}
          emptyMessage={!noCompany && view !== null && journey.length === 0 ? EMPTY_JOURNEY : null}
        >
          {journey.length > 0 && <JourneyChart steps={journey} />}
        </ChartCard>
      </div>
    </section>
  );
}
