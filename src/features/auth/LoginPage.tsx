// /login (docs/product.md §1.2): e-mail, password with show/hide, "Se connecter" always enabled, the raw error
// in a red alert under the password, the licence modal, and the desktop-only gate.
import { useAtomValue } from 'jotai';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { type FormEvent, lazy, Suspense, useMemo, useState } from 'react';
import { Navigate } from 'react-router-dom';

import { isRestrictedDevice } from '#domain/device';

import { useEndBootFrame } from '../../app/bootFrame';
import { LOGO_URL, PROVIDER } from '../../ui/brand';
import { authErrorAtom, isAuthenticatedAtom } from './atoms';
import { currentDevice } from './device';
import { isLicenceError } from './loginError';
import { RestrictedNotice } from './RestrictedNotice';
import { useLogin } from './useLogin';

// Only shown after a licence refusal: its Dialog stays out of the page's first load.
const LicenceModal = lazy(async () => ({ default: (await import('./LicenceModal')).LicenceModal }));

export function LoginPage() {
  const authenticated = useAtomValue(isAuthenticatedAtom);
  const authError = useAtomValue(authErrorAtom);
  const login = useLogin();
  const restricted = useMemo(() => isRestrictedDevice(currentDevice()), []);
  const [mail, setMail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [pending, setPending] = useState(false);
  const [modalClosed, setModalClosed] = useState(false);
  useEndBootFrame();

  if (authenticated) return <Navigate to="/dashboard" replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setModalClosed(false);
    try {
      await login(mail, password);
    } catch (err) {
      console.error(err); // an unexpected error of the login action is only logged (spec)
    } finally {
      setPending(false);
    }
  }

  return (
    <main className="login-page" id="contenu">
      <section className="login-card" aria-labelledby="login-title">
        <img src={LOGO_URL} alt={PROVIDER} className="login-logo" width={64} height={64} />
        <h1 id="login-title">Connexion</h1>
        <p className="login-subtitle">Connectez-vous à votre compte pour accéder à la plateforme</p>
        {restricted ? (
          <RestrictedNotice />
        ) : (
          <form onSubmit={submit} noValidate={false}>
            <label htmlFor="email">Email</label>
            <InputText
              id="email"
              type="email"
              autoComplete="username"
              required
              value={mail}
              onChange={(e) => setMail(e.target.value)}
              placeholder="vous@entreprise.fr"
            />
            <label htmlFor="password">Mot de passe</label>
            <div className="p-inputgroup">
              <InputText
                id="password"
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <Button
                type="button"
                icon={showPassword ? 'pi pi-eye-slash' : 'pi pi-eye'}
                severity="secondary"
                outlined
                aria-label={showPassword ? 'Masquer le mot de passe' : 'Afficher le mot de passe'}
                aria-pressed={showPassword}
                onClick={() => setShowPassword((v) => !v)}
              />
            </div>
            {authError && <Message severity="error" text={authError} className="login-error" role="alert" />}
            <Button
              type="submit"
              label="Se connecter"
              icon="pi pi-sign-in"
              loading={pending}
              className="login-submit"
            />
          </form>
        )}
        <footer className="login-footer">
          © {new Date().getFullYear()} {PROVIDER}. Tous droits réservés.
        </footer>
      </section>
      {isLicenceError(authError) && !modalClosed && (
        <Suspense fallback={null}>
          <LicenceModal visible onClose={() => setModalClosed(true)} />
        </Suspense>
      )}
    </main>
  );
}
