// The refusal of a public video link: a browser (Accept: text/html, the customer who clicked the link) gets
// a small French page instead of raw JSON; an API client keeps the JSON error {status, title, detail}.
import type { FastifyReply, FastifyRequest } from 'fastify';

import { gone, notFound } from '../http/errors';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function linkErrorPage(title: string, text: string): string {
  return `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)} — Visio3D</title></head>
<body>
<main>
<h1>${escape(title)}</h1>
<p>${escape(text)}</p>
<p>Demandez un nouveau lien à votre conseiller.</p>
</main>
</body>
</html>
`;
}

const wantsHtml = (request: FastifyRequest) => /\btext\/html\b/.test(request.headers.accept ?? '');

export const LINK_REFUSALS = {
  invalid: {
    status: 404,
    title: 'Lien invalide',
    text: "Ce lien n'est pas valide : il est incomplet ou a été remplacé par un nouveau lien.",
  },
  expired: { status: 410, title: 'Lien expiré', text: 'Ce lien a expiré.' },
} as const;

/** Answers the refusal as HTML for a browser; throws the JSON error otherwise. */
export function refuseLink(request: FastifyRequest, reply: FastifyReply, kind: keyof typeof LINK_REFUSALS) {
  const r = LINK_REFUSALS[kind];
  if (!wantsHtml(request)) throw kind === 'expired' ? gone(r.text) : notFound(r.title);
  return reply.code(r.status).type('text/html; charset=utf-8').send(linkErrorPage(r.title, r.text));
}
