// A titled card holding one chart, its empty message and its error boundary.
import './charts.css';

import { type ReactNode, useRef } from 'react';

import type { ExportCaption } from '#domain/analytics/exportCaption';

import { ChartErrorBoundary } from './ChartErrorBoundary';
import { chartPng, download } from './exportImage';

interface Props {
  title: string;
  subtitle?: string;
  height: number;
  /** Shown over (or instead of) the chart when there is nothing to show. */
  emptyMessage?: string | null;
  /** A centred spinner (company change in progress). */
  frozen?: boolean;
  resetKey?: unknown;
  className?: string;
  /** File name of "Exporter PNG" (without it, no button). */
  pngName?: string;
  /** What the PNG says of itself, made when exported. */
  pngCaption?: () => ExportCaption;
  children: ReactNode;
}

export function ChartCard({
  title,
  subtitle,
  height,
  emptyMessage,
  frozen,
  resetKey,
  className,
  pngName,
  pngCaption,
  children,
}: Props) {
  const body = useRef<HTMLDivElement>(null);
  const exportPng = () => {
    if (body.current && pngName)
      chartPng(body.current, pngCaption?.()).then(
        (b) => download(b, pngName),
        (err) => console.error('Export PNG', err),
      );
  };
  return (
    <section className={`card chart-card ${className ?? ''}`} aria-label={title}>
      <header className="chart-card-header">
        <h3>{title}</h3>
        {subtitle && <span className="muted">{subtitle}</span>}
        {pngName && !frozen && (
          <button type="button" className="chart-export" onClick={exportPng}>
            <i className="pi pi-image" aria-hidden="true" /> Exporter PNG
          </button>
        )}
      </header>
      <div className="chart-body" ref={body} style={{ minHeight: height }}>
        {frozen ? (
          <div className="chart-frozen" style={{ height }}>
            <i className="pi pi-spin pi-spinner" aria-label="Chargement" />
          </div>
        ) : (
          <ChartErrorBoundary resetKey={resetKey}>{children}</ChartErrorBoundary>
        )}
        {!frozen && emptyMessage && (
          <p className="chart-empty" role="status">
            {emptyMessage}
          </p>
        )}
      </div>
    </section>
  );
}
