// The current user, asked for as soon as the main script runs when a session is stored, instead of after
// the signed-in frame's chunk has loaded and rendered: the first signed-in page (its title is the largest
// paint of the dashboard) no longer waits for the chunks and the request one after the other
// (docs/performance.md). ProtectedLayout takes the answer once; any later load asks again.
import { getToken } from '../api/http';
import { fetchCurrentUser } from '../api/users';
import type { CurrentUser } from '../domain/user';

let early: { token: string; answer: Promise<CurrentUser> } | null = null;

/** Starts the request when a session is stored (called once, by main.tsx). */
export function askCurrentUserEarly(): void {
  const token = getToken();
  if (!token || location.pathname === '/login') return;
  const answer = fetchCurrentUser();
  answer.catch(() => undefined); // read by ProtectedLayout; an unread failure is not an unhandled rejection
  early = { token, answer };
}

/** The early answer for the session now stored, if one was asked for and not taken yet. */
export function earlyCurrentUser(): Promise<CurrentUser> | null {
  return early && early.token === getToken() ? early.answer : null;
}

/** The early answer has been used (or failed): later loads ask again. */
export function forgetEarlyCurrentUser(): void {
  early = null;
}
