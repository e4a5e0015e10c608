// "Parcours utilisateur", the AR funnel (docs/dashboard.md "Entonnoir AR"): consultation → interaction 3D
// → essai AR → conversion, each step's sessions as a bar in percent of the first step (uPlot, 300 px,
// 0-100 %, 4 colours), and the drop between steps written out below it (readable without the canvas).
import { memo, useMemo } from 'react';
import uPlot from 'uplot';

import type { FunnelStep } from '#domain/analytics/rules';
import { formatNumber } from '#domain/format';

import { UPlotChart } from '../../ui/UPlotChart';

export const BAR_HEIGHT = 300;
export const BAR_PALETTE = ['#4f46e5', '#0ea5e9', '#f59e0b', '#10b981'];

const n = formatNumber;
const sessions = (v: number) => `${n(v)} session${v > 1 ? 's' : ''}`;
/** "−75 %" with a real minus sign (fr-FR). */
export const dropLabel = (drop: number) => (drop === 0 ? '0 %' : `−${n(drop)} %`);

export const FunnelChart = memo(function FunnelChart({ steps }: { steps: FunnelStep[] }) {
  // The chart is rebuilt only when the step names change, not at each render's new array of them.
  const labelKey = JSON.stringify(steps.map((s) => s.name));
  const labels = useMemo(() => JSON.parse(labelKey) as string[], [labelKey]);
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(() => {
    // One series per step, each with its own colour, drawn as a bar at its own x (0.8 × 0.9 of the slot).
    const bars = uPlot.paths.bars!({ size: [0.8 * 0.9, 120], align: 0 });
    return {
      scales: { x: { time: false, range: [-0.5, labels.length - 0.5] }, y: { range: [0, 100] } },
      axes: [
        {
          values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? (labels[v] ?? '') : '')),
          splits: () => labels.map((_, i) => i),
          grid: { show: false },
        },
        { size: 56, values: (_u, splits) => splits.map((v) => `${v} %`), splits: () => [0, 20, 40, 60, 80, 100] },
      ],
      series: [
        { label: 'Étape' },
        ...labels.map((label, i) => ({
          label,
          stroke: BAR_PALETTE[i % 4],
          fill: BAR_PALETTE[i % 4],
          paths: bars,
          points: { show: false },
        })),
      ],
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
    };
  }, [labels]);
  const data = useMemo<uPlot.AlignedData>(
    () => [
      labels.map((_, i) => i),
      ...labels.map((_, i) => labels.map((__, j) => (j === i ? steps[i].percent : null))),
    ],
    [labels, steps],
  );
  const summary = steps
    .map(
      (s) =>
        `${s.name} ${sessions(s.count)} (${s.percent} %${s.drop === null ? '' : `, ${dropLabel(s.drop)} depuis l'étape précédente`})`,
    )
    .join(', ');
  const tooltip = (i: number) => {
    const s = steps[i];
    if (!s) return null;
    const lines = [s.name, `${sessions(s.count)} — ${n(s.percent)} % des consultations`];
    if (s.drop !== null) lines.push(`Perte depuis « ${steps[i - 1].name} » : ${dropLabel(s.drop)}`);
    return lines;
  };
  return (
    <>
      <UPlotChart
        options={options}
        data={data}
        height={BAR_HEIGHT}
        label={`Parcours utilisateur : ${summary}`}
        tooltip={tooltip}
      />
      <ol className="funnel-drops" aria-label="Pertes entre les étapes">
        {steps.slice(1).map((s, i) => (
          <li key={s.name}>
            <span className="muted">
              {steps[i].name} → {s.name}
            </span>{' '}
            <strong className={s.drop ? 'down' : ''}>{dropLabel(s.drop ?? 0)}</strong>{' '}
            <span className="muted">({sessions(steps[i].count - s.count)} en moins)</span>
          </li>
        ))}
      </ol>
    </>
  );
});
