// The alerts' mails (docs/notifications.md "Alerts"): what happened to which product, a link to the
// dashboard on that product, the unsubscribe link.
import { percent } from '#domain/analytics/rules';
import { formatNumber } from '#domain/format';
import type { NotificationKind } from '#domain/notifications';
import { AR_PLATFORM_LABELS } from '#domain/visitSignals';

import type { AlertedProduct } from './alertRules';
import { DROP_SHARE } from './alertRules';
import { AR_FAILURE_SHARE, AR_MIN_LAUNCHES } from './arAlertRule';
import { escapeHtml, footer, linkButton, mailHtml } from './mailFrame';

export const ALERT_TITLES = {
  alert_collection_stopped: 'Collecte interrompue',
  alert_traffic_drop: 'Chute de fréquentation',
  alert_ar_failures: 'Échecs AR',
} as const satisfies Partial<Record<NotificationKind, string>>;

export const alertSubject = (kind: keyof typeof ALERT_TITLES, product: string) =>
  `Alerte Visio3D : ${ALERT_TITLES[kind]} — ${product}`;

/** The AR failures' sentence: each failing platform with its figures, then the rule and what to check. */
function arFailuresText(p: AlertedProduct): string {
  const platforms = (p.arPlatforms ?? [])
    .map(
      (f) =>
        `${AR_PLATFORM_LABELS[f.platform]} : ${formatNumber(f.failed)} échec(s) sur ${formatNumber(f.launched)} visite(s) qui l'ont lancée (${formatNumber(percent(f.failed, f.launched))} %)`,
    )
    .join(' ; ');
  return `La réalité augmentée du produit « ${p.name} » échoue souvent ces 7 derniers jours — ${platforms}. Visio3D vous prévient à partir de ${formatNumber(AR_FAILURE_SHARE * 100)} % d'échecs sur au moins ${formatNumber(AR_MIN_LAUNCHES)} visites. Vérifiez le fichier du modèle pour chaque plateforme citée (USDZ pour Quick Look, GLB pour WebXR et Scene Viewer) et essayez-le sur un appareil concerné.`;
}

function whatHappened(kind: keyof typeof ALERT_TITLES, p: AlertedProduct): string {
  switch (kind) {
    case 'alert_collection_stopped':
      return `Le produit « ${p.name} » avait des visites chaque jour des 7 jours précédents (${formatNumber(p.current)} événements), mais n'en a reçu aucune depuis 24 heures. Vérifiez que la visionneuse est toujours en ligne sur votre site.`;
    case 'alert_traffic_drop':
      return `Le produit « ${p.name} » a reçu ${formatNumber(p.current)} visiteur(s) ces 7 derniers jours, moins de ${formatNumber(DROP_SHARE * 100)} % de sa moyenne des quatre semaines précédentes (${formatNumber(Math.round(p.baseline))} par semaine).`;
    case 'alert_ar_failures':
      return arFailuresText(p);
  }
}

export function alertMail(
  kind: keyof typeof ALERT_TITLES,
  p: AlertedProduct & { prenom: string; publicUrl: string; unsubscribeUrl: string },
) {
  const what = whatHappened(kind, p);
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
