// Users, roles, licences and companies as server state (docs/architecture.md, "Server state on the client").
import { useQuery, useQueryClient } from '@tanstack/react-query';

import type { Entreprise } from '../entreprises';
import { fetchLicences, fetchLicenceTypes } from '../licences';
import { fetchRoles, fetchUser, fetchUsers, fetchUsersByEntreprise, type User } from '../users';
import { entrepriseKeys } from './entreprises';

export const userKeys = {
  all: ['users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
  byEntreprise: (entrepriseId: number) => [...userKeys.all, 'byEntreprise', entrepriseId] as const,
  detail: (userId: number) => [...userKeys.all, 'detail', userId] as const,
  licences: (userId: number) => [...userKeys.all, 'licences', userId] as const,
  roles: () => ['roles'] as const,
  licenceTypes: () => ['licenceTypes'] as const,
};

export function useUsersQuery() {
  return useQuery({ queryKey: userKeys.list(), queryFn: ({ signal }) => fetchUsers(signal) });
}

export function useUsersByEntrepriseQuery(entrepriseId: number) {
  return useQuery({
    queryKey: userKeys.byEntreprise(entrepriseId),
    queryFn: ({ signal }) => fetchUsersByEntreprise(entrepriseId, signal),
  });
}

export function useUserQuery(userId: number) {
  return useQuery({ queryKey: userKeys.detail(userId), queryFn: ({ signal }) => fetchUser(userId, signal) });
}

export function useLicencesQuery(userId: number, enabled = true) {
  return useQuery({
    queryKey: userKeys.licences(userId),
    queryFn: ({ signal }) => fetchLicences(userId, signal),
    enabled,
  });
}

/** Roles and licence types hardly change: read once per session. */
export function useRolesQuery() {
  return useQuery({ queryKey: userKeys.roles(), queryFn: ({ signal }) => fetchRoles(signal), staleTime: Infinity });
}

export function useLicenceTypesQuery() {
  return useQuery({
    queryKey: userKeys.licenceTypes(),
    queryFn: ({ signal }) => fetchLicenceTypes(signal),
    staleTime: Infinity,
  });
}

/** A user changed (edited, disabled, licences): his detail, the lists he appears in, his licences. */
export function useUserChanged() {
  const client = useQueryClient();
  return {
    /** Stores the user the server answered, and marks the lists stale. */
    saved: (user: User) => {
      client.setQueryData(userKeys.detail(user.userId), user);
      return client.invalidateQueries({
        queryKey: userKeys.all,
        predicate: (q) => q.queryKey[1] === 'list' || q.queryKey[1] === 'byEntreprise',
      });
    },
    /** His licences changed: they, and the lists' "licence in force" marks, are read again. */
    licences: (userId: number) =>
      client.invalidateQueries({
        queryKey: userKeys.all,
        predicate: (q) => q.queryKey[1] !== 'detail' || q.queryKey[2] !== userId,
      }),
    /** A new user: the lists are read again (the user list, not on screen, is dropped: no stale rows first). */
    created: () => {
      client.removeQueries({ queryKey: userKeys.list() });
      return client.invalidateQueries({ queryKey: userKeys.all });
    },
    /** A new company, as the server answered it: added to the cached list. */
    entrepriseCreated: (created: Entreprise) =>
      client.setQueryData<Entreprise[]>(entrepriseKeys.all, (list) => [...(list ?? []), created]),
  };
}
