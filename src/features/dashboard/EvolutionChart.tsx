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
  /** Notes of the period (ChartNotes.tsx): the bucket of each, numbered 1, 2… in the list's order. */
  marks?: readonly number[];
}

const NO_MARKS: readonly number[] = [];
const MARK_COLOUR = '#b45309';

/** Draws each note as a dashed line on its bucket, with its numbers at the top (as the notes list says them). */
function drawMarks(u: uPlot, marks: readonly number[]): void {
  if (marks.length === 0) return;
  const numbers = new Map<number, number[]>();
  marks.forEach((bucket, i) => numbers.set(bucket, [...(numbers.get(bucket) ?? []), i + 1]));
  const { ctx } = u;
  const { top, height } = u.bbox;
  const ratio = uPlot.pxRatio;
  ctx.save();
  ctx.strokeStyle = MARK_COLOUR;
  ctx.fillStyle = MARK_COLOUR;
  ctx.lineWidth = ratio;
  ctx.setLineDash([4 * ratio, 4 * ratio]);
  ctx.font = `bold ${12 * ratio}px sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  for (const [bucket, nums] of numbers) {
    const x = Math.round(u.valToPos(bucket, 'x', true));
    ctx.beginPath();
    ctx.moveTo(x, top + 16 * ratio);
    ctx.lineTo(x, top + height);
    ctx.stroke();
    ctx.fillText(nums.join(','), x, top + 2 * ratio);
  }
  ctx.restore();
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
  const { labels, values, partial, previous, marks = NO_MARKS } = props;
  const current = useRef(labels);
  const shownMarks = useRef(marks);
  // Before uplot-react's setData (a child's passive effect), so the axis reads the new labels.
  useLayoutEffect(() => {
    current.current = labels;
    shownMarks.current = marks;
  }, [labels, marks]);
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
      hooks: { draw: [(u) => drawMarks(u, shownMarks.current)] },
    };
  }, []);
  const data = useMemo<uPlot.AlignedData>(() => {
    // The solid line stops before the bucket in progress; a dashed segment joins it to that bucket.
    const solid = values.map((v, i) => (i === partial ? null : v));
    const dashed = values.map((v, i) => (partial >= 0 && (i === partial || i === partial - 1) ? v : null));
    const before = labels.map((_, i) => previous?.[i] ?? null);
    return [labels.map((_, i) => i), solid, dashed, before];
    // New notes are drawn by the redraw a new data array brings (the options never change).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [labels, values, partial, previous, marks]);
  const summary = labels.map((l, i) => `${l} ${values[i] ?? '—'}`).join(', ');
  const noteSummary = marks.length ? `. Notes : ${marks.map((b, i) => `${i + 1} sur ${labels[b]}`).join(', ')}` : '';
  return (
    <>
      <UPlotChart
        options={options}
        data={data}
        height={LINE_HEIGHT}
        label={`Évolution : ${summary}${noteSummary}`}
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
