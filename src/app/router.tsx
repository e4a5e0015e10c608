// The full route table of spec 2 section 2.1: /login is public, everything else sits behind the guard,
// and any other path goes to /dashboard (signed in) or /login.
import { useAtomValue } from 'jotai';
import { Navigate, createBrowserRouter } from 'react-router-dom';
import { LoginPage } from '../features/auth/LoginPage';
import { isAuthenticatedAtom } from '../features/auth/atoms';
import { catalogueRoutes } from '../features/catalogue/routes';
import { customerRoutes } from '../features/customers/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { propositionRoutes } from '../features/propositions/routes';
import { userRoutes } from '../features/users/routes';
import { ProtectedLayout } from './ProtectedLayout';

function Fallback() {
  return <Navigate to={useAtomValue(isAuthenticatedAtom) ? '/dashboard' : '/login'} replace />;
}

export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  {
    element: <ProtectedLayout />,
    children: [...dashboardRoutes, ...customerRoutes, ...propositionRoutes, ...catalogueRoutes, ...userRoutes],
  },
  { path: '*', element: <Fallback /> },
]);
