// The guard and the frame of every protected page: unauthenticated visitors go to /login; the current
// user is loaded first (full-screen spinner); a 401 on it goes through the http client's one 401 path
// (src/api/http.ts wipes storage, App.tsx signs out), after which this guard sends to /login.
import { QueryClientProvider } from '@tanstack/react-query';
import { useAtom, useAtomValue } from 'jotai';
import { Button } from 'primereact/button';
import { startTransition, Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet } from 'react-router-dom';

import { earlyCurrentUser, forgetEarlyCurrentUser } from '../api/earlyRequests';
import { ApiError, isAbortError } from '../api/http';
import { queryClient } from '../api/queryClient';
import { fetchCurrentUser } from '../api/users';
import { currentUserAtom, isAuthenticatedAtom } from '../features/auth/atoms';
import { LoadError } from '../ui/LoadError';
import { preloadToast } from '../ui/toast';
import { useEndBootFrame } from './bootFrame';
import { FullScreenSpinner } from './FullScreenSpinner';
import { OfflineBanner } from './OfflineBanner';
import { ServerDownBanner } from './ServerDownBanner';
import { Sidebar } from './Sidebar';
import { SIDEBAR_ID, TopBar } from './TopBar';
import { useLogout } from './useLogout';
import { useNarrowMenu } from './useNarrowMenu';
import { registerUserCacheCleaner } from './userCaches';

// Server state is read only behind this guard: the query client comes with the signed-in frame's chunk (the
// sign-in page does without it), and what it holds goes with the session (logout and any 401).
registerUserCacheCleaner(() => queryClient.clear());

export const CURRENT_USER_ERROR = "Erreur lors de la récupération des informations de l'utilisateur";

function PageLoading() {
  return (
    <p className="sr-only" role="status">
      Chargement de la page…
    </p>
  );
}

export function ProtectedLayout() {
  const authenticated = useAtomValue(isAuthenticatedAtom);
  const [user, setUser] = useAtom(currentUserAtom);
  const logout = useLogout();
  const [error, setError] = useState<string | null>(null);
  // A server that does not answer yet is retried every few seconds (never a dead end).
  const [attempt, setAttempt] = useState(0);
  // The frame renders once this is true: at once when the user was known before the guard mounted, else
  // set with the user in one transition (below). Not the user alone: the atom is read outside React, so a
  // plain render (a subscription's own re-render) would see the user and render the whole frame and page in
  // one long task; a transition's state is seen only by the transition's render, which React slices.
  const [frameReady, setFrameReady] = useState(() => user !== null);

  useEffect(() => {
    if (!authenticated || user) return;
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    // The first load takes the answer main.tsx asked for early (kept across StrictMode's second run).
    const answer = (attempt === 0 && earlyCurrentUser()) || fetchCurrentUser(controller.signal);
    answer
      .then((u) => {
        if (controller.signal.aborted) return;
        forgetEarlyCurrentUser();
        // The frame and the page render in one go once the user is known (hundreds of components on the
        // dashboard): as a transition React renders them in slices and lets the browser breathe between
        // them, instead of one long task (docs/performance.md).
        startTransition(() => {
          setError(null);
          setUser(u);
          setFrameReady(true);
        });
      })
      .catch((err) => {
        if (controller.signal.aborted || isAbortError(err)) return;
        forgetEarlyCurrentUser();
        console.error('Error fetching current user', err);
        // A 401: the session has already ended (src/api/http.ts, App.tsx); the guard sends to /login.
        if (err instanceof ApiError && err.status === 401) return;
        setError(CURRENT_USER_ERROR);
        if (err instanceof ApiError && (err.status === 0 || err.status >= 502))
          retry = setTimeout(() => setAttempt((a) => a + 1), 3000);
      });
    return () => {
      controller.abort();
      clearTimeout(retry);
    };
  }, [authenticated, user, setUser, attempt]);

  useEffect(() => {
    if (user) preloadToast();
  }, [user]);

  const { open: menuOpen, frameRef, onKeyDown, toggle, close } = useNarrowMenu();
  // index.html's drawn frame stays under the session's spinner, not under an error.
  useEndBootFrame((user !== null && frameReady) || error !== null);

  if (!authenticated) return <Navigate to="/login" replace />;
  if (!user || !frameReady) {
    if (error)
      return (
        <div className="fullscreen-spinner">
          <ServerDownBanner />
          <LoadError text={error} onRetry={() => setAttempt((a) => a + 1)}>
            <Button label="Se déconnecter" icon="pi pi-sign-out" outlined onClick={logout} />
          </LoadError>
        </div>
      );
    return <FullScreenSpinner label="Chargement de votre session…" />;
  }
  return (
    <QueryClientProvider client={queryClient}>
      <div className={`frame${menuOpen ? ' menu-open' : ''}`} ref={frameRef} onKeyDown={onKeyDown}>
        <TopBar open={menuOpen} onToggle={toggle} />
        <Sidebar id={SIDEBAR_ID} />
        {menuOpen && <div className="menu-backdrop" aria-hidden="true" onClick={close} />}
        <main className="content" id="contenu">
          <OfflineBanner />
          <ServerDownBanner />
          {/* The page's chunk may still be on its way when the frame renders (lazyPage.ts). */}
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </QueryClientProvider>
  );
}
