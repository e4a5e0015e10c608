// The navigation frame's sidebar (docs/product.md §1.2): brand, sections, Clients badge, coming-soon items,
// active link, and the footer with initials, name, role, "Modifier mon mot de passe", "Mes notifications"
// and "Se déconnecter".
import { useAtomValue } from 'jotai';
import { Badge } from 'primereact/badge';
import { Button } from 'primereact/button';
import { lazy, Suspense, useState } from 'react';
import { NavLink } from 'react-router-dom';

import { can } from '#domain/permissions';
import { displayName, initials, roleLabel } from '#domain/userName';

import { currentUserAtom } from '../features/auth/atoms';
import { PROVIDER } from '../ui/brand';
import { useCustomersBadge } from './useCustomersBadge';
import { useLogout } from './useLogout';

// The password form (react-hook-form, zod, a Dialog) loads when first asked for, not with every page.
const OwnPasswordModal = lazy(async () => ({
  default: (await import('../features/users/OwnPasswordModal')).OwnPasswordModal,
}));

function Link({ to, icon, label, badge }: { to: string; icon: string; label: string; badge?: string | null }) {
  return (
    <NavLink to={to} className={({ isActive }) => `nav-link${isActive ? ' active' : ''}`}>
      <i className={`pi ${icon}`} aria-hidden="true" />
      <span>{label}</span>
      {badge && <Badge value={badge} severity="danger" className="nav-badge" aria-label={`${badge} propositions`} />}
    </NavLink>
  );
}

function ComingSoon({ icon, label }: { icon: string; label: string }) {
  return (
    <span className="nav-link disabled" aria-disabled="true" title="Bientôt disponible">
      <i className={`pi ${icon}`} aria-hidden="true" />
      <span>{label}</span>
      <small className="soon">Bientôt</small>
    </span>
  );
}

export function Sidebar({ id }: { id?: string }) {
  const user = useAtomValue(currentUserAtom);
  const badge = useCustomersBadge();
  const logout = useLogout();
  const [passwordOpen, setPasswordOpen] = useState(false);
  // Mounted from its first opening on, so that closing it keeps the Dialog's own focus return.
  const [passwordAsked, setPasswordAsked] = useState(false);
  return (
    <aside className="sidebar" id={id}>
      <div className="brand">
        <img src="/logo.svg" alt="" width={36} height={36} />
        <div>
          <strong>{PROVIDER}</strong>
          <small>Plateforme de gestion</small>
        </div>
      </div>
      <nav aria-label="Navigation principale">
        <h2 className="nav-section">Navigation</h2>
        <Link to="/dashboard" icon="pi-chart-bar" label="Dashboard" />
        <Link to="/customers" icon="pi-users" label="Clients" badge={badge} />
        <h2 className="nav-section">Administration</h2>
        {/* Live for every role: the server lets each user manage his own company's catalogue (docs/back-office.md). */}
        <Link to="/catalogue" icon="pi-book" label="Catalogue" />
        <Link to="/users" icon="pi-id-card" label="Utilisateurs" />
        <ComingSoon icon="pi-cog" label="Paramètres" />
      </nav>
      <footer className="sidebar-footer">
        <span className="avatar" aria-hidden="true">
          {initials(user?.prenom, user?.nom)}
        </span>
        <div className="who">
          <strong data-testid="user-name">{displayName(user?.prenom, user?.nom)}</strong>
          <small data-testid="user-role">{roleLabel(user)}</small>
        </div>
        {can(user?.role, 'password.changeOwn') && (
          <Button
            label="Modifier mon mot de passe"
            icon="pi pi-lock"
            text
            size="small"
            onClick={() => {
              setPasswordAsked(true);
              setPasswordOpen(true);
            }}
          />
        )}
        {/* One's own settings sit here, beside the password, rather than in the original frame's sections
            (docs/decisions.md, "Mes notifications"); a link styled as the buttons beside it. */}
        <NavLink to="/notifications" className="p-button p-component p-button-text p-button-sm">
          <span className="p-button-icon p-button-icon-left pi pi-envelope" aria-hidden="true" />
          <span className="p-button-label">Mes notifications</span>
        </NavLink>
        <Button label="Se déconnecter" icon="pi pi-sign-out" text size="small" onClick={logout} />
      </footer>
      {passwordAsked && (
        <Suspense fallback={null}>
          <OwnPasswordModal visible={passwordOpen} onHide={() => setPasswordOpen(false)} />
        </Suspense>
      )}
    </aside>
  );
}
