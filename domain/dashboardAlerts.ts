// The alerts shown on the dashboard until read (docs/notifications.md "On the dashboard"): those the
// notifications' job raised for the company's products (alerts_sent) in the last days, each marked read by
// each user. GET /api/Notifications/alerts/Entreprise/{id} answers them; POST …/alerts/read marks one.
import { z } from 'zod';

export { ALERT_BANNER_DAYS, ALERT_BANNER_TEXT } from './alertTexts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const dashboardAlertSchema = z.object({
  produitId: z.number().int(),
  produit: z.string(),
  kind: z.string(),
  /** The company's local day it was raised (YYYY-MM-DD). */
  day: z.string(),
});
export type DashboardAlert = z.infer<typeof dashboardAlertSchema>;

export const dashboardAlertsSchema = z.object({ alerts: z.array(dashboardAlertSchema) });

export const ALERT_READ_MESSAGES = {
  produitId: 'Produit invalide',
  kind: "Type d'alerte invalide",
  day: 'Date invalide (AAAA-MM-JJ attendu)',
  unknown: 'Alerte introuvable',
} as const;

export const alertReadSchema = z.object({
  produitId: z
    .number({ error: ALERT_READ_MESSAGES.produitId })
    .int(ALERT_READ_MESSAGES.produitId)
    .min(1, ALERT_READ_MESSAGES.produitId)
    .max(2_147_483_647, ALERT_READ_MESSAGES.produitId),
  kind: z.string({ error: ALERT_READ_MESSAGES.kind }).regex(/^alert_[a-z_]{1,40}$/, ALERT_READ_MESSAGES.kind),
  day: z
    .string({ error: ALERT_READ_MESSAGES.day })
    .regex(DAY, ALERT_READ_MESSAGES.day)
    // A day that exists: 2026-02-31 or 4886-69-25 match the pattern but are no date.
    .refine((d) => {
      const t = Date.parse(`${d}T00:00:00Z`);
      return Number.isFinite(t) && new Date(t).toISOString().startsWith(d);
    }, ALERT_READ_MESSAGES.day),
});
export type AlertRead = z.infer<typeof alertReadSchema>;
