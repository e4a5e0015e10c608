import type { LoginInput } from '#domain/auth';

import { http } from './http';

/** POST /api/Auth/backoffice/login; returns the raw answer (a missing token is the caller's failure). */
export function login(input: LoginInput): Promise<Partial<{ token: string }>> {
  return http.post('/api/Auth/backoffice/login', input);
}

/** Revokes the user's tokens on the server (best effort: logout goes on offline). */
export async function logoutOnServer(): Promise<void> {
  try {
    await http.post('/api/Auth/logout');
  } catch {
    /* offline or already signed out */
  }
}

/** The token of a login answer checked by the shared schema, or null. zod is loaded here, on submit, so
 * the sign-in page's first load does not carry it (docs/performance.md). */
export async function tokenOf(data: unknown): Promise<string | null> {
  const { loginResponseSchema } = await import('#domain/auth');
  const parsed = loginResponseSchema.safeParse(data);
  return parsed.success ? parsed.data.token : null;
}
