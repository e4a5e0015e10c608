// uplot-react with a width that follows its container. Callers memoise `options` (a new object
// destroys and recreates the chart); a resize only calls setSize on the live chart. An optional tooltip
// follows the cursor inside the box (uPlot's legend sits below the canvas, where it was cut off).
import 'uplot/dist/uPlot.min.css';

import { type RefObject, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type uPlot from 'uplot';
import UplotReact from 'uplot-react';

import { askTurn } from './chartTurns';
import { nextTask } from './nextTask';

interface Props {
  /** Options without width/height: the wrapper sets them. */
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  height: number;
  label: string;
  /** The tooltip's lines for the bucket under the cursor (null: none). Read at each move, never memoised. */
  tooltip?: (idx: number) => string[] | null;
}

/** uPlot's setCursor hook drawing the tooltip: it reads the refs when the cursor moves, never while rendering. */
function tooltipHook(
  box: RefObject<HTMLDivElement | null>,
  tip: RefObject<HTMLDivElement | null>,
  tooltipOf: RefObject<Props['tooltip']>,
  height: number,
): (u: uPlot) => void {
  return (u: uPlot) => {
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
}

export function UPlotChart({ options, data, height, label, tooltip }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const tip = useRef<HTMLDivElement>(null);
  const tooltipOf = useRef(tooltip);
  useLayoutEffect(() => {
    tooltipOf.current = tooltip;
  }, [tooltip]);
  // The box's width; null until measured (the chart is drawn at its real size from the start).
  const [width, setWidth] = useState<number | null>(null);

  // Measured by the observer's first call, which comes with the page's own layout: reading clientWidth here
  // forced a layout of the whole dashboard inside its first render's effects (41 ms in its profile).
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.max(200, Math.round(entry.contentRect.width))));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Made in its turn, one chart per task (chartTurns.ts).
  const measured = width !== null;
  const [turn, setTurn] = useState(false);
  const endTurn = useRef<() => void>(() => undefined);
  useEffect(() => {
    if (!measured) return;
    const end = askTurn(() => setTurn(true));
    endTurn.current = end;
    return end;
  }, [measured]);

  // Made empty in its turn, given its data in the next task: uPlot's first draw (50–85 ms on a slow host)
  // is then a task apart from the chart's creation (docs/performance.md, "The first render in a
  // transition, a chart's first draw apart"). The turn ends once the data is given.
  const [filled, setFilled] = useState(false);
  const seriesCount = data.length;
  const empty = useMemo(
    (): uPlot.AlignedData => [[], ...Array.from({ length: seriesCount - 1 }, (): number[] => [])],
    [seriesCount],
  );
  useEffect(() => {
    if (filled) endTurn.current();
  }, [filled]);

  // Everything but the width: a new width alone only resizes the chart (uplot-react calls setSize).
  const sized = useMemo(() => {
    // eslint-disable-next-line react-hooks/refs -- the hook reads them as the cursor moves, never while rendering; uPlot takes it only through its options
    const showTip = tooltipHook(box, tip, tooltipOf, height);
    return {
      ...options,
      height,
      hooks: { ...options.hooks, setCursor: [...(options.hooks?.setCursor ?? []), showTip] },
    };
  }, [options, height]);
  const full = useMemo(() => (width === null ? null : { ...sized, width }), [sized, width]);

  return (
    <div ref={box} className="uplot-box" role="img" aria-label={label} style={{ height }}>
      {full && turn && (
        <UplotReact
          options={full}
          data={filled ? data : empty}
          onCreate={() => {
            if (!filled) void nextTask().then(() => setFilled(true));
          }}
        />
      )}
      <div ref={tip} className="chart-tooltip" role="tooltip" hidden />
    </div>
  );
}
