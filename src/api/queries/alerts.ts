// A company's unread alerts as server state: read by the dashboard's banner, one removed once marked read.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { AlertRead, DashboardAlert } from '#domain/dashboardAlerts';

import { fetchAlerts, markAlertRead } from '../alerts';

export const alertKeys = { company: (id: number | null) => ['alerts', id] as const };

export function useAlertsQuery(entrepriseId: number | null) {
  return useQuery({
    queryKey: alertKeys.company(entrepriseId),
    queryFn: ({ signal }) => fetchAlerts(entrepriseId!, signal),
    enabled: entrepriseId !== null,
  });
}

const same = (a: AlertRead, b: AlertRead) => a.produitId === b.produitId && a.kind === b.kind && a.day === b.day;

export function useMarkAlertReadMutation(entrepriseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (alert: AlertRead) => markAlertRead(alert),
    onSuccess: (_answer, alert) =>
      void client.setQueryData<DashboardAlert[]>(alertKeys.company(entrepriseId), (list) =>
        list?.filter((a) => !same(a, alert)),
      ),
  });
}
