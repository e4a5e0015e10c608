// What a user receives by mail (docs/notifications.md): the weekly report and the alerts, each on or off.
// GET and PUT /api/Notifications/subscriptions answer and read these; the "Mes notifications" screen too.
import { z } from 'zod';

export const subscriptionsInputSchema = z.object({
  weeklyReport: z.boolean(),
  alerts: z.boolean(),
});
export type SubscriptionsInput = z.infer<typeof subscriptionsInputSchema>;

export const subscriptionsSchema = subscriptionsInputSchema.extend({
  /** The recipient's address (the account's mail). */
  mail: z.string(),
  /** Whether this server sends mail at all (SMTP_URL set): the screen says so when it does not. */
  sendingEnabled: z.boolean(),
});
export type Subscriptions = z.infer<typeof subscriptionsSchema>;

export const NOTIFICATION_KINDS = [
  'weekly_report',
  'alert_collection_stopped',
  'alert_traffic_drop',
  'alert_ar_failures',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * "Échecs AR" (docs/notifications.md): a platform is alerted when at least AR_MIN_LAUNCHES visits launched
 * AR on it in 7 days and at least AR_FAILURE_SHARE of them failed. Here so that the server's rule and the
 * "Mes notifications" screen that explains it say the same.
 */
export const AR_MIN_LAUNCHES = 20;
export const AR_FAILURE_SHARE = 0.25;
