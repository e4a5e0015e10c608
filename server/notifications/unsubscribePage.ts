// The small public pages of the unsubscribe link (no sign-in, no script): the confirmation and the refusal.
import { escapeHtml, publicPage } from '../customers/publicPage';
import type { UnsubscribeTarget } from './unsubscribeTokens';

const WHAT: Record<UnsubscribeTarget, string> = {
  report: 'le rapport hebdomadaire',
  alerts: 'les alertes',
};

export const unsubscribedPage = (target: UnsubscribeTarget) =>
  publicPage(
    'Désinscription confirmée — Visio3D',
    `<main>
<h1>Désinscription confirmée</h1>
<p>Vous ne recevrez plus ${escapeHtml(WHAT[target])} par e-mail.</p>
<p class="note">Vous pouvez les réactiver à tout moment dans « Mes notifications », une fois connecté.</p>
</main>`,
  );

export const INVALID_LINK_TEXT = "Ce lien de désinscription n'est pas valide : il est incomplet ou a été modifié.";

export const invalidUnsubscribePage = () =>
  publicPage(
    'Lien invalide — Visio3D',
    `<main>
<h1>Lien invalide</h1>
<p>${escapeHtml(INVALID_LINK_TEXT)}</p>
<p class="note">Vous pouvez gérer vos notifications dans « Mes notifications », une fois connecté.</p>
</main>`,
  );
