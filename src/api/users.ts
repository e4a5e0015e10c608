// Users (docs/product.md §2.7, "Users and companies"): lists, one user, roles, creation and the Admin edits.
import type { OwnPasswordChange } from '../domain/ownPassword';
import type { CurrentUser } from '../domain/user';
import type { InlineField, UserCreateInput } from '../domain/userForm';
import { http } from './http';

export const fetchCurrentUser = (signal?: AbortSignal) => http.get<CurrentUser>('/api/User/current', { signal });

/** A user as the API answers it (docs/product.md §2.3). */
export interface User {
  userId: number;
  nom: string;
  prenom: string;
  /** null for a colleague whose contacts the reader's role may not read (docs/permissions.md). */
  mail: string | null;
  mobile: string | null;
  fonction: string | null;
  roleId?: number;
  nomRole: string;
  role?: string;
  nomEntreprise: string;
  entrepriseId: number;
  createdAt: string;
  managerId: number | null;
  isActive: boolean;
  /** Whether a licence is in force now (our server's addition, docs/api.md); absent from other servers. */
  licenceEnVigueur?: boolean;
}

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
