// The refusal of a public video link: a browser (Accept: text/html, the customer who clicked the link) gets
// a small French page instead of raw JSON; an API client keeps the JSON error {status, title, detail}.
import type { FastifyReply, FastifyRequest } from 'fastify';

import { gone, notFound } from '../http/errors';
import { escapeHtml, publicPage, sendPublicPage, wantsHtml } from './publicPage';

export function linkErrorPage(title: string, text: string): string {
  return publicPage(
    `${title} — Visio3D`,
    `<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
<p>Demandez un nouveau lien à votre conseiller.</p>
</main>`,
  );
}

export const LINK_REFUSALS = {
  invalid: {
    status: 404,
    title: 'Lien invalide',
    text: "Ce lien n'est pas valide : il est incomplet ou a été remplacé par un nouveau lien.",
  },
  expired: { status: 410, title: 'Lien expiré', text: 'Ce lien a expiré.' },
} as const;

export type LinkRefusal = keyof typeof LINK_REFUSALS;

/** Answers the refusal as HTML for a browser; throws the JSON error otherwise. */
export function refuseLink(request: FastifyRequest, reply: FastifyReply, kind: LinkRefusal) {
  const r = LINK_REFUSALS[kind];
  if (!wantsHtml(request)) throw kind === 'expired' ? gone(r.text) : notFound(r.title);
  return sendPublicPage(reply, r.status, linkErrorPage(r.title, r.text));
}
