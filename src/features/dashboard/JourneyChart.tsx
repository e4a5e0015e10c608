// "Parcours utilisateur": each step's completion percent, uPlot bars 300 px high, 0-100 %, 4 colours.
import { memo, useMemo } from 'react';
import uPlot from 'uplot';
import type { JourneyPoint } from '../../domain/analytics/rules';
import { UPlotChart } from '../../ui/UPlotChart';

export const BAR_HEIGHT = 300;
export const BAR_PALETTE = ['#4f46e5', '#0ea5e9', '#f59e0b', '#10b981'];
const STEPS = ['consultation', 'interaction 3D', 'essai AR', 'conversion'];

export const JourneyChart = memo(function JourneyChart({ steps }: { steps: JourneyPoint[] }) {
  const labels = steps.length ? steps.map((s) => s.name) : STEPS;
  const labelKey = labels.join('|');
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(() => {
    // One series per step, each with its own colour, drawn as a bar at its own x (0.8 × 0.9 of the slot).
    const bars = uPlot.paths.bars!({ size: [0.8 * 0.9, 120], align: 0 });
    return {
      scales: { x: { time: false, range: [-0.5, labels.length - 0.5] }, y: { range: [0, 100] } },
      axes: [
        { values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? (labels[v] ?? '') : '')), splits: () => labels.map((_, i) => i), grid: { show: false } },
        { size: 56, values: (_u, splits) => splits.map((v) => `${v} %`), splits: () => [0, 20, 40, 60, 80, 100] },
      ],
      series: [
        { label: 'Étape' },
        ...labels.map((label, i) => ({ label, stroke: BAR_PALETTE[i % 4], fill: BAR_PALETTE[i % 4], paths: bars, points: { show: false } })),
      ],
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [labelKey]);
  const data = useMemo<uPlot.AlignedData>(
    () => [labels.map((_, i) => i), ...labels.map((_, i) => labels.map((__, j) => (j === i ? (steps[i]?.percent ?? 0) : null)))],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [labelKey, steps],
  );
  const summary = labels.map((l, i) => `${l} ${steps[i]?.percent ?? 0} %`).join(', ');
  const tooltip = (i: number) => (steps[i] ? [labels[i], `${steps[i].percent.toLocaleString('fr-FR')} % (${steps[i].count.toLocaleString('fr-FR')} sessions)`] : null);
  return <UPlotChart options={options} data={data} height={BAR_HEIGHT} label={`Parcours utilisateur : ${summary}`} tooltip={tooltip} />;
});
