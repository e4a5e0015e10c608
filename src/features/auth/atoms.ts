// Authentication state (docs/product.md §1.4): starts authenticated when a token is stored; login stores it,
// a failure records authError, logout and any 401 clear it.
import { atom } from 'jotai';

import type { CurrentUser } from '#domain/user';

import { getToken, TOKEN_KEY } from '../../api/http';

export const tokenAtom = atom<string | null>(getToken());
export const isAuthenticatedAtom = atom((get) => get(tokenAtom) !== null);
export const authErrorAtom = atom<string | null>(null);
export const currentUserAtom = atom<CurrentUser | null>(null);

export const loginSucceededAtom = atom(null, (_get, set, token: string) => {
  globalThis.localStorage?.setItem(TOKEN_KEY, token);
  set(tokenAtom, token);
  set(authErrorAtom, null);
});

export const loginFailedAtom = atom(null, (_get, set, message: string) => {
  globalThis.localStorage?.removeItem(TOKEN_KEY);
  set(tokenAtom, null);
  set(currentUserAtom, null);
  set(authErrorAtom, message);
});

/** Logout, and the end of a session answered 401: the token and the user are gone. */
export const signedOutAtom = atom(null, (_get, set) => {
  globalThis.localStorage?.removeItem(TOKEN_KEY);
  set(tokenAtom, null);
  set(currentUserAtom, null);
});

export const clearAuthErrorAtom = atom(null, (_get, set) => set(authErrorAtom, null));
