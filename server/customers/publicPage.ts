// The frame of the small French pages a customer's browser gets from a share link (the proposition's page,
// ./shareLinkPage.ts, and the refusal, ./linkErrorPage.ts): lang="fr", readable on a phone, one stylesheet
// inline and allowed by its hash, no script at all. Every value put in a page goes through escapeHtml.
import crypto from 'node:crypto';

import type { FastifyReply, FastifyRequest } from 'fastify';

/** Text made safe for an element's content or a quoted attribute value. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
body { margin: 0; background: #f4f6f8; color: #1f2933; line-height: 1.5; }
header { background: #1e3a5f; color: #fff; padding: 0.75rem 1rem; }
.brand { margin: 0; font-size: 1.25rem; font-weight: 700; overflow-wrap: anywhere; }
main { max-width: 48rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.5rem; margin: 0.5rem 0 1rem; }
.description { white-space: pre-line; overflow-wrap: anywhere; }
video { display: block; width: 100%; aspect-ratio: 16 / 9; background: #000; border-radius: 0.5rem; }
.actions { margin: 1rem 0; }
.button { display: inline-block; padding: 0.75rem 1.25rem; border-radius: 0.5rem; background: #1e3a5f;
  color: #fff; font-weight: 600; text-decoration: none; }
.button:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
.note { color: #52606d; font-size: 0.9rem; }
footer { max-width: 48rem; margin: 0 auto; padding: 1rem; color: #52606d; font-size: 0.85rem; }
`;

const STYLE_HASH = `'sha256-${crypto.createHash('sha256').update(STYLE).digest('base64')}'`;

/**
 * The pages' own policy, stricter than the app's (server/http/security.ts): no script, the one stylesheet,
 * the video and the PDF from this server only.
 */
export const PUBLIC_PAGE_CSP = [
  "default-src 'none'",
  `style-src ${STYLE_HASH}`,
  "media-src 'self'",
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** A whole page: `title` is escaped here, `body` must be HTML already escaped by the caller. */
export function publicPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/** Whether the caller is a browser opening the link (a navigation asks for HTML; a <video> does not). */
export const wantsHtml = (request: FastifyRequest) => /\btext\/html\b/.test(request.headers.accept ?? '');

/** Sends a page under its policy. */
export function sendPublicPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header('Content-Security-Policy', PUBLIC_PAGE_CSP)
    .header('Vary', 'Accept')
    .type('text/html; charset=utf-8')
    .send(html);
}
