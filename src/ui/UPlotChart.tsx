// uplot-react with a width that follows its container. Callers memoise `options` (a new object
// destroys and recreates the chart); a resize only calls setSize on the live chart.
import { useEffect, useMemo, useRef, useState } from 'react';
import UplotReact from 'uplot-react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

interface Props {
  /** Options without width/height: the wrapper sets them. */
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  height: number;
  label: string;
}

export function UPlotChart({ options, data, height, label }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const width = useRef(0);
  const [measured, setMeasured] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => Math.max(200, el.clientWidth);
    width.current = measure();
    setMeasured(true);
    const observer = new ResizeObserver(() => {
      width.current = measure();
      chart.current?.setSize({ width: width.current, height });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [height]);

  const full = useMemo(
    () => (measured ? ({ ...options, width: width.current, height } as uPlot.Options) : null),
    [options, height, measured],
  );

  return (
    <div ref={box} className="uplot-box" role="img" aria-label={label} style={{ height }}>
      {full && <UplotReact options={full} data={data} onCreate={(u) => (chart.current = u)} onDelete={() => (chart.current = null)} />}
    </div>
  );
}
