// "Évolution": the metric per time bucket, a uPlot line chart 400 px high.
// One chart for the page's life: its options never change (the bucket labels are read through a ref and
// the series are fixed: the period, the part in progress, the previous period), so a new selection only
// calls setData. Recreating a uPlot (canvas, axes, legend) cost a long task per switch.
// A bucket after today has no value (no line drops to zero), and the bucket holding today is drawn dashed:
// it is "en cours", not a fall.
import { memo, useLayoutEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';

import { formatNumber } from '#domain/format';

import { UPlotChart } from '../../ui/UPlotChart';

export const LINE_HEIGHT = 400;
export const SERIES_NAME = 'Valeur';
export const PREVIOUS_NAME = 'Période précédente';
const fr = formatNumber;

interface Props {
  labels: string[];
  values: Array<number | null>;
  /** The bucket holding today (-1: none). */
  partial: number;
  /** The previous period's values, aligned bucket by bucket, when comparing. */
  previous: Array<number | null> | null;
}

/** The lines of the tooltip of bucket `i`. */
export function evolutionTooltip({ labels, values, partial, previous }: Props, i: number): string[] | null {
  if (i < 0 || i >= labels.length) return null;
  const v = values[i];
  const lines = [
    `${labels[i]}${i === partial ? ' (en cours)' : ''}`,
    v == null ? 'Pas encore de données' : `${SERIES_NAME} : ${fr(v)}`,
  ];
  if (previous && previous[i] != null) lines.push(`${PREVIOUS_NAME} : ${fr(previous[i])}`);
  return lines;
}

export const EvolutionChart = memo(function EvolutionChart(props: Props) {
  const { labels, values, partial, previous } = props;
  const current = useRef(labels);
  // Before uplot-react's setData (a child's passive effect), so the axis reads the new labels.
  useLayoutEffect(() => {
    current.current = labels;
  }, [labels]);
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(() => {
    const label = (v: number) => (Number.isInteger(v) ? (current.current[v] ?? '') : '');
    return {
      scales: {
        x: { time: false, range: () => [-0.3, Math.max(current.current.length - 1, 0) + 0.3] },
        y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] },
      },
      axes: [
        // Many buckets (a custom range by day): every label would overlap, so one in n is written.
        {
          values: (_u, splits) => splits.map(label),
          splits: () =>
            current.current.map((_, i) => i).filter((i) => i % Math.ceil(current.current.length / 16) === 0),
          grid: { show: false },
        },
        { size: 64, values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? fr(v) : '')) },
      ],
      series: [
        { label: 'Période' },
        { label: SERIES_NAME, stroke: '#4f46e5', width: 2, fill: 'rgba(79, 70, 229, 0.12)', points: { size: 7 } },
        { label: 'En cours', stroke: '#4f46e5', width: 2, dash: [6, 5], points: { size: 7, fill: '#fff' } },
        { label: PREVIOUS_NAME, stroke: 'rgba(100, 116, 139, 0.55)', width: 2, points: { size: 5 } },
      ],
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
    };
  }, []);
  const data = useMemo<uPlot.AlignedData>(() => {
    // The solid line stops before the bucket in progress; a dashed segment joins it to that bucket.
    const solid = values.map((v, i) => (i === partial ? null : v));
    const dashed = values.map((v, i) => (partial >= 0 && (i === partial || i === partial - 1) ? v : null));
    const before = labels.map((_, i) => previous?.[i] ?? null);
    return [labels.map((_, i) => i), solid, dashed, before];
  }, [labels, values, partial, previous]);
  const summary = labels.map((l, i) => `${l} ${values[i] ?? '—'}`).join(', ');
  return (
    <>
      <UPlotChart
        options={options}
        data={data}
        height={LINE_HEIGHT}
        label={`Évolution : ${summary}`}
        tooltip={(i) => evolutionTooltip(props, i)}
      />
      {(partial >= 0 || previous) && (
        <ul className="chart-legend">
          <li>
            <span className="swatch" aria-hidden="true" />
            Période
          </li>
          {partial >= 0 && (
            <li>
              <span className="swatch partial" aria-hidden="true" />
              En cours
            </li>
          )}
          {previous && (
            <li>
              <span className="swatch previous" aria-hidden="true" />
              {PREVIOUS_NAME}
            </li>
          )}
        </ul>
      )}
    </>
  );
});
