// The login error catalogue of spec 1 section 8.
import { ApiError } from '../../api/http';

export const LOGIN_FAILED = 'Failed to login';
export const LICENCE_NOT_ACTIVATED = 'Licence non activée';
export const TOKEN_NOT_RECEIVED = 'Token non reçu';

export function loginErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 403) return LICENCE_NOT_ACTIVATED;
    // Too many attempts: the server's French text says how long to wait.
    if (err.status === 429) return err.message;
  }
  return LOGIN_FAILED;
}

/** The licence modal opens when authError says the licence is not activated. */
export const isLicenceError = (authError: string | null) => authError === LICENCE_NOT_ACTIVATED;
