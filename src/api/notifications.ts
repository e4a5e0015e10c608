import type { Subscriptions, SubscriptionsInput } from '#domain/notifications';

import { http } from './http';

/** GET /api/Notifications/subscriptions: the signed-in user's own (domain/notifications.ts). */
export const fetchSubscriptions = (signal?: AbortSignal) =>
  http.get<Subscriptions>('/api/Notifications/subscriptions', { signal });

/** PUT /api/Notifications/subscriptions: both switches, as the server answers them back. */
export const saveSubscriptions = (value: SubscriptionsInput) =>
  http.put<Subscriptions>('/api/Notifications/subscriptions', value);
