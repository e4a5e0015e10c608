import { useSetAtom } from 'jotai';
import { useCallback } from 'react';

import { logoutOnServer } from '../api/auth';
import { signedOutAtom } from '../features/auth/atoms';
import { clearUserCaches } from './userCaches';

/** "Se déconnecter": revoke the session, remove the token and the user's cached data, reload. */
export function useLogout() {
  const signedOut = useSetAtom(signedOutAtom);
  return useCallback(async () => {
    await logoutOnServer();
    // Caches first, while nothing is navigating away, then the session itself.
    await clearUserCaches();
    signedOut();
    window.location.reload();
  }, [signedOut]);
}
