// "Engagement": the median active time per visit (the visitor orbiting, zooming, dragging), its
// distribution as bars with their figures written, the share of visits that interacted and the median
// time to the first interaction.
import { ACTIVE_BIN_LABELS, type InsightsView } from '#domain/analytics/insightsView';

import { pct, secs } from './format';

export function EngagementCard({ view }: { view: InsightsView }) {
  const e = view.engagement;
  const most = Math.max(1, ...e.distribution);
  return (
    <section className="insight-card" aria-labelledby="insight-engagement-title" data-testid="insight-engagement">
      <h4 id="insight-engagement-title">Engagement</h4>
      <dl className="insight-figures">
        <div>
          <dt>Temps actif médian par visite</dt>
          <dd data-testid="insight-median-active">{secs(e.medianActiveMs)}</dd>
        </div>
        <div>
          <dt>Temps visible médian</dt>
          <dd>{secs(e.medianVisibleMs)}</dd>
        </div>
        <div>
          <dt>Visites avec interaction</dt>
          <dd>
            {pct(view.visits ? e.interacted / view.visits : null)} ({e.interacted} sur {view.visits})
          </dd>
        </div>
        <div>
          <dt>Délai médian avant la première interaction</dt>
          <dd>{secs(e.medianFirstInteractionMs)}</dd>
        </div>
      </dl>
      <table className="insight-bars">
        <caption>Répartition du temps actif par visite</caption>
        <thead>
          <tr>
            <th scope="col">Temps actif</th>
            <th scope="col">Visites</th>
          </tr>
        </thead>
        <tbody>
          {e.distribution.map((count, k) => (
            <tr key={ACTIVE_BIN_LABELS[k]}>
              <th scope="row">{ACTIVE_BIN_LABELS[k]}</th>
              <td>
                <span className="insight-bar" style={{ width: `${(count / most) * 100}%` }} aria-hidden="true" />
                <span>
                  {count} ({pct(view.visits ? count / view.visits : null)})
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
