// What a signed-in load needs from the API, asked for as soon as the main script runs when a session is
// stored, instead of after the signed-in frame's and the page's chunks have loaded and rendered
// (docs/performance.md): the current user on every signed-in page (the dashboard's title, its largest
// paint, waits for it), and on /customers the customers list (its search field, the largest paint, comes
// with the list). Each answer is taken once, by its first reader; any later load asks again.
import type { Customer } from '#domain/customer';
import type { CurrentUser } from '#domain/user';

import { fetchCustomersForCurrentUser } from './customers';
import { getToken } from './http';
import { fetchCurrentUser } from './users';

interface Early<T> {
  token: string;
  answer: Promise<T>;
  /** The answer once it has come: read synchronously, the page renders with it at once. */
  data?: T;
}

let user: Early<CurrentUser> | null = null;
let customers: Early<Customer[]> | null = null;

function ask<T>(token: string, request: () => Promise<T>): Early<T> {
  const early: Early<T> = { token, answer: request() };
  // Read later; an unread failure is not an unhandled rejection.
  early.answer.then((data) => (early.data = data)).catch(() => undefined);
  return early;
}

/** For the session now stored (a session changed since, or none, asks nothing). */
const current = <T>(early: Early<T> | null) => (early && early.token === getToken() ? early.answer : null);

/**
 * Starts the requests when a session is stored (called once, by src/app/askEarly.ts, before the app
 * loads); whether it did, i.e. whether this load is a signed-in one.
 */
export function askEarly(): boolean {
  const token = getToken();
  if (!token || location.pathname === '/login') return false;
  user = ask(token, () => fetchCurrentUser());
  if (location.pathname === '/customers') customers = ask(token, () => fetchCustomersForCurrentUser());
  return true;
}

/** The early current user, if one was asked for and not taken yet (ProtectedLayout, then forgotten). */
export function earlyCurrentUser(): Promise<CurrentUser> | null {
  return current(user);
}

/** The early current user has been used (or failed): later loads ask again. */
export function forgetEarlyCurrentUser(): void {
  user = null;
}

/** The early customers list once it has come (the list's query starts with it, no loading state), once. */
export function takeEarlyCustomersData(): Customer[] | undefined {
  const data = current(customers) ? customers?.data : undefined;
  if (data) customers = null;
  return data;
}

/** The early customers request, once: the first run of the list's query waits for it. */
export function takeEarlyCustomers(): Promise<Customer[]> | null {
  const answer = current(customers);
  customers = null;
  return answer;
}
