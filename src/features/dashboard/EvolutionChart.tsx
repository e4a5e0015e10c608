// "Évolution": the metric per time bucket, a uPlot line chart 400 px high.
import { useMemo } from 'react';
import uPlot from 'uplot';
import { UPlotChart } from '../../ui/UPlotChart';

export const LINE_HEIGHT = 400;

/** Category labels on the x axis: x values are bucket indexes. */
function categoryAxis(labels: string[]): uPlot.Axis {
  return {
    values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? (labels[v] ?? '') : '')),
    splits: () => labels.map((_, i) => i),
    grid: { show: false },
  };
}

export function EvolutionChart({ labels, values, seriesLabel }: { labels: string[]; values: number[]; seriesLabel: string }) {
  const labelKey = labels.join('|');
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(
    () => ({
      scales: { x: { time: false, range: [-0.3, Math.max(labels.length - 1, 0) + 0.3] }, y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] } },
      axes: [categoryAxis(labels), { size: 64, values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? v.toLocaleString('fr-FR') : '')) }],
      series: [{ label: 'Période' }, { label: seriesLabel, stroke: '#4f46e5', width: 2, fill: 'rgba(79, 70, 229, 0.12)', points: { size: 7 } }],
      legend: { show: true },
      cursor: { drag: { x: false, y: false } },
    }),
    // The labels' content, not the array identity: a new array with the same labels keeps the chart.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [labelKey, seriesLabel],
  );
  const data = useMemo<uPlot.AlignedData>(() => [labels.map((_, i) => i), values], [labels, values]);
  const summary = labels.map((l, i) => `${l} ${values[i] ?? 0}`).join(', ');
  return <UPlotChart options={options} data={data} height={LINE_HEIGHT} label={`Évolution : ${summary}`} />;
}
