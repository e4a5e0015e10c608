// The page a customer's browser opens from a share link: the company's name, the proposition's
// description, its video with the browser's controls, and its quote PDF when there is one. The video is
// fetched only when the customer presses play (preload="none"): opening the page is not a view
// (./viewCounter.ts counts the player's first request).
import { escapeHtml, publicPage } from './publicPage';

export interface ShareLinkPageData {
  company: string;
  description: string | null;
  /** Relative URLs of the link's video and PDF (routes/shareLink.ts). */
  videoUrl: string;
  pdfUrl: string | null;
  expiresAt: Date;
  /** The company's time zone (IANA), in which the expiry is written. */
  timeZone: string;
}

function expiryFr(d: Date, timeZone: string): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: zone }).format(d);
  try {
    return format(timeZone);
  } catch {
    return format('Europe/Paris');
  }
}

export function shareLinkPage(p: ShareLinkPageData): string {
  const company = escapeHtml(p.company);
  const description = p.description?.trim() ? `<p class="description">${escapeHtml(p.description)}</p>` : '';
  const video = escapeHtml(p.videoUrl);
  const pdf = p.pdfUrl
    ? `<p class="actions"><a class="button" href="${escapeHtml(p.pdfUrl)}" download>Télécharger le devis (PDF)</a></p>`
    : '';
  return publicPage(
    `Votre proposition — ${p.company}`,
    `<header><p class="brand">${company}</p></header>
<main>
<h1>Votre proposition</h1>
${description}
<video controls preload="none" playsinline src="${video}" aria-label="Vidéo de votre proposition">
<p>Votre navigateur ne peut pas lire cette vidéo : <a href="${video}">téléchargez-la</a>.</p>
</video>
${pdf}
<p class="note">Ce lien est valable jusqu'au ${escapeHtml(expiryFr(p.expiresAt, p.timeZone))}.</p>
</main>
<footer>Proposition envoyée par ${company} avec Visio3D.</footer>`,
  );
}
