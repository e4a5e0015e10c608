// The HTML frame of every mail: lang="fr", inline styles only (mail clients drop <style> and never run a
// script, and we send none), every value escaped by the caller with escapeHtml.
export { escapeHtml } from '../customers/publicPage';

export function mailHtml(title: string, body: string): string {
  return `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><title>${title}</title></head>
<body style="margin:0;padding:16px;background:#f4f6f8;color:#1f2933;font-family:Arial,Helvetica,sans-serif;line-height:1.5">
<div style="max-width:640px;margin:0 auto;background:#fff;border-radius:8px;padding:16px 24px">
${body}
</div>
</body>
</html>
`;
}

export const linkButton = (href: string, label: string) =>
  `<p><a href="${href}" style="display:inline-block;padding:10px 16px;background:#1e3a5f;color:#fff;border-radius:6px;text-decoration:none;font-weight:bold">${label}</a></p>`;

export const footer = (unsubscribeUrl: string, what: string) =>
  `<p style="color:#52606d;font-size:13px">Vous recevez ce message car vous l’avez demandé dans « Mes notifications ». <a href="${unsubscribeUrl}" style="color:#1e3a5f">Ne plus recevoir ${what}</a></p>`;
