// Users (docs/product.md §2.7, "Users and companies"): lists, one user, roles, creation and the Admin edits.
import type { z } from 'zod';

import type { OwnPasswordChange } from '#domain/ownPassword';
import type { CurrentUser, userSchema } from '#domain/user';
import type { InlineField, UserCreateInput } from '#domain/userForm';

import type { ContractAnswer } from './contract';
import { http } from './http';

export const fetchCurrentUser = (signal?: AbortSignal) => http.get<CurrentUser>('/api/User/current', { signal });

/**
 * A user as the API answers him: the routes' response schema (domain/user.ts); `roleId` and
 * `licenceEnVigueur` are this server's additions (undefined: the server does not say).
 */
export type User = ContractAnswer<z.infer<typeof userSchema>, 'roleId' | 'licenceEnVigueur'>;

export interface Role {
  roleId: number;
  nomRole: string;
}

export const fetchUsers = (signal?: AbortSignal) => http.list<User>('/api/User', 'users', { signal });
export const fetchUser = (userId: number | string, signal?: AbortSignal) =>
  http.get<User>(`/api/User/${userId}`, { signal });
export const fetchRoles = (signal?: AbortSignal) => http.list<Role>('/api/User/roles', 'roles', { signal });
export const fetchUsersByEntreprise = (entrepriseId: number, signal?: AbortSignal) =>
  http.list<User>(`/api/User/ByEntreprise/${entrepriseId}`, 'users', { signal });

export const createUser = (payload: UserCreateInput) => http.post<User>('/api/User/create', payload);

/** PUT /api/User/{userId}/{field} with {field: value}. */
export const updateUserField = (userId: number, field: InlineField, value: string) =>
  http.put<User>(`/api/User/${userId}/${field}`, { [field]: value });

export const disableUser = (userId: number) => http.put<User>(`/api/User/${userId}/disable`);

/** 'Modifier mon mot de passe': answers a fresh token (the change ended every earlier session). */
export const changeOwnPassword = (payload: OwnPasswordChange) =>
  http.put<{ token: string }>('/api/User/me/password', payload);

/** Success is 204 (docs/product.md §2.9). */
export const changePassword = (userId: number, newPassword: string) =>
  http.put<void>(`/api/User/${userId}/password`, { newPassword });
