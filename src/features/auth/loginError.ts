// The login error catalogue of docs/product.md §1.8.
import { ApiError } from '../../api/http';

export const LOGIN_FAILED = 'Failed to login';
export const LICENCE_NOT_ACTIVATED = 'Licence non activée';
export const TOKEN_NOT_RECEIVED = 'Token non reçu';
export const ACCOUNT_DISABLED = 'Compte désactivé. Contactez votre administrateur.';
/** The server's 403 detail for a disabled user (server/auth/session.ts), distinct from the licence's. */
export const DISABLED_DETAIL = 'Utilisateur désactivé';

export function loginErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    // A disabled account must not be sent to the licence activation modal: nothing there can help it.
    if (err.status === 403 && err.message === DISABLED_DETAIL) return ACCOUNT_DISABLED;
    if (err.status === 403) return LICENCE_NOT_ACTIVATED;
    // Too many attempts: the server's French text says how long to wait.
    if (err.status === 429) return err.message;
  }
  return LOGIN_FAILED;
}

/** The licence modal opens when authError says the licence is not activated. */
export const isLicenceError = (authError: string | null) => authError === LICENCE_NOT_ACTIVATED;
