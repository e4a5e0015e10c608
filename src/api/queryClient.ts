// The one TanStack Query client: the app's cache of server state (docs/architecture.md, "Server state on
// the client"). No automatic retry (a failure shows "Réessayer" at once), no refetch on focus, and queries
// run whatever navigator.onLine says: offline, the request fails (or the service worker answers) and the
// page shows its offline message instead of waiting.
import { QueryClient } from '@tanstack/react-query';

import { revokeObjectUrls } from './queries/objectUrls';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      networkMode: 'always',
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});

revokeObjectUrls(queryClient.getQueryCache());
