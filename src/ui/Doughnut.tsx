// A small accessible SVG doughnut (uPlot draws x/y charts only): cutout 50 %, legend below.
import './charts.css';

import { useId, useState } from 'react';

import { formatNumber } from '#domain/format';

export interface Slice {
  label: string;
  value: number;
}

interface Props {
  slices: Slice[];
  palette: string[];
  height: number;
  /** Accessible name of the chart. */
  label: string;
}

const polar = (cx: number, cy: number, r: number, angle: number) => [
  cx + r * Math.cos(angle),
  cy + r * Math.sin(angle),
];

/** The SVG path of a ring segment between two angles (radians, 0 at the top). */
function segment(start: number, end: number, outer: number, inner: number): string {
  const a0 = start - Math.PI / 2;
  const a1 = end - Math.PI / 2;
  const large = end - start > Math.PI ? 1 : 0;
  const [x0, y0] = polar(0, 0, outer, a0);
  const [x1, y1] = polar(0, 0, outer, a1);
  const [x2, y2] = polar(0, 0, inner, a1);
  const [x3, y3] = polar(0, 0, inner, a0);
  return `M${x0} ${y0}A${outer} ${outer} 0 ${large} 1 ${x1} ${y1}L${x2} ${y2}A${inner} ${inner} 0 ${large} 0 ${x3} ${y3}Z`;
}

/** "1 234 (45 %)": a slice's count and share in fr-FR. */
export const sliceDetail = (s: Slice, total: number): string =>
  `${formatNumber(s.value)} (${total > 0 ? Math.round((s.value / total) * 100) : 0} %)`;
const sliceText = (s: Slice, total: number): string => `${s.label} : ${sliceDetail(s, total)}`;

export function Doughnut({ slices, palette, height, label }: Props) {
  const titleId = useId();
  // The slice under the pointer and where: a tooltip with the name, the count and the share (fr-FR).
  const [hover, setHover] = useState<{ i: number; x: number; y: number } | null>(null);
  const total = slices.reduce((s, x) => s + x.value, 0);
  const legendHeight = 28 * Math.ceil(slices.length / 3) + 8;
  const size = Math.max(120, height - legendHeight);
  let angle = 0;
  return (
    <figure className="doughnut" style={{ height }} onMouseLeave={() => setHover(null)}>
      <svg role="img" aria-labelledby={titleId} viewBox="-100 -100 200 200" width={size} height={size}>
        <title id={titleId}>{`${label} : ${slices.map((s) => `${s.label} ${s.value}`).join(', ')}`}</title>
        {total === 0 ? (
          <circle r="75" fill="none" stroke="#e2e8f0" strokeWidth="50" />
        ) : (
          slices.map((s, i) => {
            const start = angle;
            const sweep = (s.value / total) * Math.PI * 2;
            angle += sweep;
            // A full circle cannot be one arc: draw it just short of 360°.
            const end = start + Math.min(sweep, Math.PI * 2 - 1e-4);
            return (
              <path
                key={s.label}
                d={segment(start, end, 100, 50)}
                fill={palette[i % palette.length]}
                onMouseMove={(e) => {
                  const box = (e.currentTarget.ownerSVGElement!.parentElement as HTMLElement).getBoundingClientRect();
                  setHover({ i, x: e.clientX - box.left, y: e.clientY - box.top });
                }}
              >
                <title>{sliceText(s, total)}</title>
              </path>
            );
          })
        )}
      </svg>
      {hover && slices[hover.i] && (
        <div
          className="chart-tooltip"
          role="tooltip"
          style={{ transform: `translate(${hover.x + 12}px, ${hover.y + 12}px)` }}
        >
          <strong>{slices[hover.i].label}</strong>
          <div>{sliceDetail(slices[hover.i], total)}</div>
        </div>
      )}
      <figcaption>
        <ul className="doughnut-legend">
          {slices.map((s, i) => (
            <li key={s.label}>
              <span className="swatch" style={{ background: palette[i % palette.length] }} aria-hidden="true" />
              {s.label} <span className="muted">{formatNumber(s.value)}</span>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
