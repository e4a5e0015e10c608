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
  // Any 401 (storage already wiped by the client): the session is over, the guard sends to /login.
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
