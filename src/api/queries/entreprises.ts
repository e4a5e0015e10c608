// Companies as server state (docs/architecture.md, "Server state on the client"): the user creation page,
// the dashboard's company choice and its reporting time zones read the same list.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import type { EntrepriseCreateInput } from '#domain/entreprise';

import { createEntreprise, type Entreprise, fetchEntreprises, updateEntrepriseTimeZone } from '../entreprises';

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

/** A new company (Admin), added to the cached list as the server answered it. */
export function useCreateEntrepriseMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (payload: EntrepriseCreateInput) => createEntreprise(payload),
    onSuccess: (created) =>
      void client.setQueryData<Entreprise[]>(entrepriseKeys.all, (list) => [...(list ?? []), created]),
  });
}

/** A company's reporting time zone (docs/dashboard.md), stored in the list as the server answered it. */
export function useUpdateTimeZoneMutation() {
  const saved = useEntrepriseSaved();
  return useMutation({
    mutationFn: ({ entrepriseId, timeZone }: { entrepriseId: number; timeZone: string }) =>
      updateEntrepriseTimeZone(entrepriseId, timeZone),
    onSuccess: (answer, { entrepriseId, timeZone }) =>
      void saved({ entrepriseId, timeZone: answer?.timeZone ?? timeZone }),
  });
}
