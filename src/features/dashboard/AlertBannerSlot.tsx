// Where the alert banner goes: the company's unread alerts are asked with the page (a small GET, no zod), and
// the banner's chunk is loaded only when there is an alert or the load failed, so that the dashboard's
// first load (tests/e2e/firstLoad.test.ts) carries none of it on the usual visit, which has no alert.
import { lazy, Suspense } from 'react';

import { useAlertsQuery } from '../../api/queries/alerts';

const AlertBanner = lazy(() => import('./AlertBanner').then((m) => ({ default: m.AlertBanner })));

export function AlertBannerSlot({
  entrepriseId,
  onShowProduct,
}: {
  entrepriseId: number;
  onShowProduct: (id: number) => void;
}) {
  const query = useAlertsQuery(entrepriseId);
  // Offline the page already says so ("Hors ligne"), and the banner's chunk may not be cached: nothing here.
  if (query.error && typeof navigator !== 'undefined' && navigator.onLine === false) return null;
  if (!query.error && !query.data?.length) return null;
  return (
    <Suspense fallback={null}>
      <AlertBanner entrepriseId={entrepriseId} onShowProduct={onShowProduct} />
    </Suspense>
  );
}
