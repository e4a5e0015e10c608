import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';

import { onUnauthorized } from '../api/http';
import { signedOutAtom } from '../features/auth/atoms';
import { AppToast } from '../ui/toast';
import { appRouter } from './router';
import { clearUserCaches } from './userCaches';

export function App() {
  const signedOut = useSetAtom(signedOutAtom);
  // The reaction to the http client's one 401 path (src/api/http.ts wiped storage): the session is over, its
  // caches go, and the guard (ProtectedLayout.tsx) sends to /login.
  useEffect(
    () =>
      onUnauthorized(() => {
        signedOut();
        void clearUserCaches();
      }),
    [signedOut],
  );
  return (
    <>
      <AppToast />
      <RouterProvider router={appRouter()} />
    </>
  );
}
