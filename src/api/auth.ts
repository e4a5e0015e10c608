import { loginResponseSchema, type LoginInput } from '../domain/auth';
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

export const hasToken = (data: unknown): data is { token: string } => loginResponseSchema.safeParse(data).success;
