// Users, roles, licences and companies as server state (docs/architecture.md, "Server state on the client").
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { LicenceCreateInput } from '#domain/licence';
import type { OwnPasswordChange } from '#domain/ownPassword';
import type { InlineField, UserCreateInput } from '#domain/userForm';

import {
  createLicence,
  deleteLicence,
  fetchLicences,
  fetchLicenceTypes,
  updateLicenceActivation,
  updateLicenceExpiry,
} from '../licences';
import {
  changeOwnPassword,
  changePassword,
  createUser,
  disableUser,
  fetchRoles,
  fetchUser,
  fetchUsers,
  fetchUsersByEntreprise,
  updateUserField,
  type User,
} from '../users';

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
function useUserChanged() {
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
  };
}

// The writes. Their cache updates are not awaited: the screen's messages and its next step come at once,
// the lists on screen follow when read again.

export function useCreateUserMutation() {
  const changed = useUserChanged();
  return useMutation({
    mutationFn: (payload: UserCreateInput) => createUser(payload),
    onSuccess: () => void changed.created(),
  });
}

export function useUpdateUserFieldMutation() {
  const changed = useUserChanged();
  return useMutation({
    mutationFn: ({ userId, field, value }: { userId: number; field: InlineField; value: string }) =>
      updateUserField(userId, field, value),
    onSuccess: (user) => void changed.saved(user),
  });
}

export function useDisableUserMutation() {
  const changed = useUserChanged();
  return useMutation({
    mutationFn: (userId: number) => disableUser(userId),
    onSuccess: (user) => void changed.saved(user),
  });
}

/** An Admin sets another user's password: nothing cached changes. */
export const useChangePasswordMutation = () =>
  useMutation({
    mutationFn: ({ userId, newPassword }: { userId: number; newPassword: string }) =>
      changePassword(userId, newPassword),
  });

/** One's own password: the answer is the session's fresh token (the caller keeps it); nothing cached changes. */
export const useChangeOwnPasswordMutation = () =>
  useMutation({ mutationFn: (payload: OwnPasswordChange) => changeOwnPassword(payload) });

/** The writes of one user's licences; each reads his licences (and the lists' marks) again. */
function useLicenceWrite<TVariables, TData>(userId: number, write: (variables: TVariables) => Promise<TData>) {
  const changed = useUserChanged();
  return useMutation({ mutationFn: write, onSuccess: () => void changed.licences(userId) });
}

export const useCreateLicenceMutation = (userId: number) =>
  useLicenceWrite(userId, (payload: LicenceCreateInput) => createLicence(payload));
export const useUpdateLicenceExpiryMutation = (userId: number) =>
  useLicenceWrite(userId, ({ licenceId, date }: { licenceId: number; date: Date | null }) =>
    updateLicenceExpiry(licenceId, date),
  );
export const useUpdateLicenceActivationMutation = (userId: number) =>
  useLicenceWrite(userId, ({ licenceId, date }: { licenceId: number; date: Date | null }) =>
    updateLicenceActivation(licenceId, date),
  );
export const useDeleteLicenceMutation = (userId: number) =>
  useLicenceWrite(userId, (licenceId: number) => deleteLicence(licenceId));
