// "Évolution": the metric per time bucket, a uPlot line chart 400 px high.
// One chart for the page's life: its options never change (the bucket labels are read through a ref and
// the legend's series name is fixed; the metric and counting are in the card's subtitle), so a new
// selection only calls setData. Recreating a uPlot (canvas, axes, legend) cost a long task per switch.
import { memo, useLayoutEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import { UPlotChart } from '../../ui/UPlotChart';

export const LINE_HEIGHT = 400;
export const SERIES_NAME = 'Valeur';

export const EvolutionChart = memo(function EvolutionChart({ labels, values }: { labels: string[]; values: number[] }) {
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
        { values: (_u, splits) => splits.map(label), splits: () => current.current.map((_, i) => i), grid: { show: false } },
        { size: 64, values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? v.toLocaleString('fr-FR') : '')) },
      ],
      series: [{ label: 'Période', value: (_u, v) => (v == null ? '' : label(v)) }, { label: SERIES_NAME, stroke: '#4f46e5', width: 2, fill: 'rgba(79, 70, 229, 0.12)', points: { size: 7 } }],
      legend: { show: true },
      cursor: { drag: { x: false, y: false } },
    };
  }, []);
  const data = useMemo<uPlot.AlignedData>(() => [labels.map((_, i) => i), values], [labels, values]);
  const summary = labels.map((l, i) => `${l} ${values[i] ?? 0}`).join(', ');
  return <UPlotChart options={options} data={data} height={LINE_HEIGHT} label={`Évolution : ${summary}`} />;
});
