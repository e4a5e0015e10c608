// uplot-react with a width that follows its container. Callers memoise `options` (a new object
// destroys and recreates the chart); a resize only calls setSize on the live chart. An optional tooltip
// follows the cursor inside the box (uPlot's legend sits below the canvas, where it was cut off).
import 'uplot/dist/uPlot.min.css';

import { useEffect, useMemo, useRef, useState } from 'react';
import type uPlot from 'uplot';
import UplotReact from 'uplot-react';

interface Props {
  /** Options without width/height: the wrapper sets them. */
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  height: number;
  label: string;
  /** The tooltip's lines for the bucket under the cursor (null: none). Read at each move, never memoised. */
  tooltip?: (idx: number) => string[] | null;
}

export function UPlotChart({ options, data, height, label, tooltip }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const tip = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const width = useRef(0);
  const tooltipOf = useRef(tooltip);
  tooltipOf.current = tooltip;
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

  const full = useMemo(() => {
    if (!measured) return null;
    const showTip = (u: uPlot) => {
      const el = tip.current;
      const host = box.current;
      if (!el || !host) return;
      const idx = u.cursor.idx;
      const lines = idx == null || u.cursor.left == null || u.cursor.left < 0 ? null : tooltipOf.current?.(idx);
      if (!lines) {
        el.hidden = true;
        return;
      }
      el.replaceChildren(
        ...lines.map((l, i) => Object.assign(document.createElement(i === 0 ? 'strong' : 'div'), { textContent: l })),
      );
      el.hidden = false;
      const over = u.over.getBoundingClientRect();
      const origin = host.getBoundingClientRect();
      const x = over.left - origin.left + u.cursor.left!;
      const y = over.top - origin.top + (u.cursor.top ?? 0);
      // Next to the cursor, on the side with room, inside the box.
      const left = x + 12 + el.offsetWidth > host.clientWidth ? x - 12 - el.offsetWidth : x + 12;
      el.style.transform = `translate(${Math.max(0, left)}px, ${Math.max(0, Math.min(y - el.offsetHeight / 2, height - el.offsetHeight))}px)`;
    };
    return {
      ...options,
      width: width.current,
      height,
      hooks: { ...options.hooks, setCursor: [...(options.hooks?.setCursor ?? []), showTip] },
    };
  }, [options, height, measured]);

  return (
    <div ref={box} className="uplot-box" role="img" aria-label={label} style={{ height }}>
      {full && (
        <UplotReact
          options={full}
          data={data}
          onCreate={(u) => (chart.current = u)}
          onDelete={() => (chart.current = null)}
        />
      )}
      <div ref={tip} className="chart-tooltip" role="tooltip" hidden />
    </div>
  );
}
