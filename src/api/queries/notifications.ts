// The signed-in user's mail notifications as server state (docs/architecture.md, "Server state on the client").
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { type Subscriptions, type SubscriptionsInput, subscriptionsSchema } from '#domain/notifications';

import { fetchSubscriptions, saveSubscriptions } from '../notifications';

export const notificationKeys = { subscriptions: ['notifications', 'subscriptions'] as const };

export function useSubscriptionsQuery() {
  return useQuery({
    queryKey: notificationKeys.subscriptions,
    // The answer is checked with the server's own schema: a malformed one is an error, not defaults.
    queryFn: async ({ signal }) => subscriptionsSchema.parse(await fetchSubscriptions(signal)),
  });
}

/** Saves both switches; the cache holds what the server answered. */
export function useSaveSubscriptionsMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (value: SubscriptionsInput) => saveSubscriptions(value),
    onSuccess: (saved: Subscriptions) => client.setQueryData(notificationKeys.subscriptions, saved),
  });
}
