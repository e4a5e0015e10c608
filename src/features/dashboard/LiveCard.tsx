// "En direct" (docs/dashboard.md): the sessions of the last 30 minutes for the selected products, whatever
// the period, counted by the worker and brought up to date by the dashboard's refresh every minute.
import { memo } from 'react';

import type { LiveFigures } from '#domain/analytics/view';
import { formatNumber, formatTime } from '#domain/format';

const n = formatNumber;
const time = formatTime;

interface Props {
  live: LiveFigures | null;
  /** About to be replaced (aria-busy), still shown. */
  busy: boolean;
  /** Spinner instead of the figures. */
  loading: boolean;
  /** The figures could not be loaded: say so rather than show a zero. */
  unavailable: boolean;
}

export const LiveCard = memo(function LiveCard({ live, busy, loading, unavailable }: Props) {
  let body;
  if (unavailable)
    body = <p className="muted">Activité récente indisponible : les statistiques n'ont pas pu être chargées.</p>;
  else {
    // Loading: the same lines with a spinner and dashes, so the card keeps its height (nothing below moves).
    const shown = live && !loading ? live : null;
    const v = (x: number | undefined) => (shown && x !== undefined ? n(x) : '—');
    body = (
      <>
        <p className="live-sessions" aria-busy={!shown || busy || undefined}>
          {shown ? (
            <span className="live-value">{n(shown.sessions)}</span>
          ) : (
            <i className="pi pi-spin pi-spinner live-spinner" role="progressbar" aria-label="Chargement" />
          )}{' '}
          session{shown && shown.sessions <= 1 ? '' : 's'} dans les 30 dernières minutes
        </p>
        <ul className="live-steps" aria-label="Événements des 30 dernières minutes">
          <li>Consultations : {v(shown?.steps[0])}</li>
          <li>Interactions 3D : {v(shown?.steps[1])}</li>
          <li>Essais AR : {v(shown?.steps[2])}</li>
          <li>Conversions : {v(shown?.steps[3])}</li>
        </ul>
        <span className="muted">
          {shown
            ? `Mis à jour à ${time(shown.at)}, actualisé chaque minute`
            : 'Mis à jour à --:--, actualisé chaque minute'}
        </span>
      </>
    );
  }
  return (
    <section className="card live-card" aria-labelledby="live-title">
      <h2 id="live-title">
        <span className="live-dot" aria-hidden="true" /> En direct
      </h2>
      {body}
    </section>
  );
});
