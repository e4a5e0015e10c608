// The events' retention for the dashboard's period choices (docs/architecture.md, "Server state on the client").
import { useQuery } from '@tanstack/react-query';

import { fetchRetention } from '../retention';

export const retentionKeys = { all: ['retention'] as const };

export function useRetentionQuery() {
  return useQuery({
    queryKey: retentionKeys.all,
    queryFn: ({ signal }) => fetchRetention(signal),
    // Moves by one month a month: once a session is enough.
    staleTime: 60 * 60 * 1000,
  });
}
