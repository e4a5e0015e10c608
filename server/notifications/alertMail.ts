// The alerts' mails (docs/notifications.md "Alerts"): what happened to which product, a link to the
// dashboard on that product, the unsubscribe link.
import { formatNumber } from '#domain/format';
import type { NotificationKind } from '#domain/notifications';

import type { AlertedProduct } from './alertRules';
import { DROP_SHARE } from './alertRules';
import { escapeHtml, footer, linkButton, mailHtml } from './mailFrame';

export const ALERT_TITLES = {
  alert_collection_stopped: 'Collecte interrompue',
  alert_traffic_drop: 'Chute de fréquentation',
} as const satisfies Partial<Record<NotificationKind, string>>;

export const alertSubject = (kind: keyof typeof ALERT_TITLES, product: string) =>
  `Alerte Visio3D : ${ALERT_TITLES[kind]} — ${product}`;

export function alertMail(
  kind: keyof typeof ALERT_TITLES,
  p: AlertedProduct & { prenom: string; publicUrl: string; unsubscribeUrl: string },
) {
  const what =
    kind === 'alert_collection_stopped'
      ? `Le produit « ${p.name} » avait des visites chaque jour des 7 jours précédents (${formatNumber(p.current)} événements), mais n'en a reçu aucune depuis 24 heures. Vérifiez que la visionneuse est toujours en ligne sur votre site.`
      : `Le produit « ${p.name} » a reçu ${formatNumber(p.current)} visiteur(s) ces 7 derniers jours, moins de ${formatNumber(DROP_SHARE * 100)} % de sa moyenne des quatre semaines précédentes (${formatNumber(Math.round(p.baseline))} par semaine).`;
  const link = `${p.publicUrl}/dashboard?entreprise=${p.entrepriseId}&produit=${p.produitId}`;
  const subject = alertSubject(kind, p.name);
  const text = [
    `Bonjour ${p.prenom},`,
    '',
    what,
    '',
    `Voir le tableau de bord de ce produit : ${link}`,
    '',
    `Ne plus recevoir les alertes : ${p.unsubscribeUrl}`,
    '',
  ].join('\n');
  const html = mailHtml(
    escapeHtml(subject),
    `<h1 style="font-size:20px;color:#b42318">${escapeHtml(ALERT_TITLES[kind])}</h1>
<p>Bonjour ${escapeHtml(p.prenom)},</p>
<p>${escapeHtml(what)}</p>
${linkButton(escapeHtml(link), 'Voir le tableau de bord')}
${footer(escapeHtml(p.unsubscribeUrl), 'les alertes')}`,
  );
  return { subject, text, html };
}
