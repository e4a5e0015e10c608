// Companies as server state (docs/architecture.md, "Server state on the client"): the user creation page,
// the dashboard's company choice and its reporting time zones read the same list.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { type Entreprise, fetchEntreprises } from '../entreprises';

export const entrepriseKeys = { all: ['entreprises'] as const };

/** The companies: an Admin's list, or a user's own company (GET /api/Entreprise). */
export function useEntreprisesQuery(enabled = true) {
  return useQuery({ queryKey: entrepriseKeys.all, queryFn: ({ signal }) => fetchEntreprises(signal), enabled });
}

/** Stores a company as the server answered a change of it (e.g. its reporting time zone). */
export function useEntrepriseSaved() {
  const client = useQueryClient();
  return useCallback(
    (saved: Pick<Entreprise, 'entrepriseId'> & Partial<Entreprise>) =>
      client.setQueryData<Entreprise[]>(entrepriseKeys.all, (list) =>
        list?.map((e) => (e.entrepriseId === saved.entrepriseId ? { ...e, ...saved } : e)),
      ),
    [client],
  );
}
