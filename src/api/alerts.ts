// The dashboard's alert banner (server/notifications/routes/alerts.ts): the unread alerts of a company, and
// one marked read for the signed-in user.
import type { AlertRead, DashboardAlert } from '#domain/dashboardAlerts';

import { http } from './http';

export const fetchAlerts = async (entrepriseId: number, signal?: AbortSignal) =>
  (await http.get<{ alerts: DashboardAlert[] }>(`/api/Notifications/alerts/Entreprise/${entrepriseId}`, { signal }))
    .alerts;

export const markAlertRead = (alert: AlertRead) => http.post<void>('/api/Notifications/alerts/read', alert);
