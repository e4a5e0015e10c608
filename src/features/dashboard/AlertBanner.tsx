// The company's unread alerts (domain/dashboardAlerts.ts), until each user marks them read. Fixed at the
// bottom of the window rather than in the page's flow: the alerts arrive after the figures' first render,
// and a block pushed above them would move the whole page (the layout-shift walk, docs/performance.md).
// Its chunk is loaded only when there is something to show (AlertBannerSlot.tsx).
import './alertBanner.css';

import { Button } from 'primereact/button';
import { useState } from 'react';

import { ALERT_BANNER_TEXT } from '#domain/alertTexts';
import type { DashboardAlert } from '#domain/dashboardAlerts';

import { useAlertsQuery, useMarkAlertReadMutation } from '../../api/queries/alerts';

const dayLabel = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('fr-FR', { timeZone: 'UTC' });

const keyOf = (a: DashboardAlert) => `${a.produitId}:${a.kind}:${a.day}`;

export function AlertBanner({
  entrepriseId,
  onShowProduct,
}: {
  entrepriseId: number;
  onShowProduct: (id: number) => void;
}) {
  const query = useAlertsQuery(entrepriseId);
  const markRead = useMarkAlertReadMutation(entrepriseId);
  const [failedRead, setFailedRead] = useState<string | null>(null);

  if (query.error) {
    return (
      <aside className="alert-banner" aria-label="Alertes">
        <p className="alert-banner-error" role="alert">
          Les alertes n'ont pas pu être chargées.{' '}
          <Button label="Réessayer" size="small" text onClick={() => void query.refetch()} />
        </p>
      </aside>
    );
  }
  const alerts = query.data ?? [];
  if (!alerts.length) return null;

  const read = (alert: DashboardAlert) => {
    setFailedRead(null);
    markRead
      .mutateAsync({ produitId: alert.produitId, kind: alert.kind, day: alert.day })
      .catch(() => setFailedRead(keyOf(alert)));
  };

  return (
    <aside className="alert-banner" aria-labelledby="alert-banner-title">
      <h2 id="alert-banner-title">
        <i className="pi pi-exclamation-triangle" aria-hidden="true" /> Alertes ({alerts.length})
      </h2>
      <ul>
        {alerts.map((a) => {
          const text = ALERT_BANNER_TEXT[a.kind] ?? { title: a.kind, advice: '' };
          const key = keyOf(a);
          return (
            <li key={key}>
              <p>
                <strong>{text.title}</strong> — {a.produit}, le {dayLabel(a.day)}
              </p>
              {text.advice && <p className="alert-banner-advice">{text.advice}</p>}
              {failedRead === key && (
                <p className="alert-banner-error" role="alert">
                  L'alerte n'a pas pu être marquée comme lue. Réessayez.
                </p>
              )}
              <div className="alert-banner-actions">
                <Button
                  label="Voir le produit"
                  size="small"
                  text
                  aria-label={`Voir le produit ${a.produit}`}
                  onClick={() => onShowProduct(a.produitId)}
                />
                <Button
                  label="Marquer comme lue"
                  size="small"
                  outlined
                  aria-label={`Marquer comme lue l'alerte ${text.title} de ${a.produit}`}
                  loading={markRead.isPending && markRead.variables?.produitId === a.produitId}
                  onClick={() => read(a)}
                />
              </div>
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
