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
    // The session ends first: the signed-in pages unmount, so no query refetches while the caches are
    // emptied (a refetch would put the user's answers back into the service worker's cache).
    signedOut();
    await clearUserCaches();
    window.location.reload();
  }, [signedOut]);
}
