// The <iframe> a company pastes into its site to show a product's public viewer (docs/viewer.md).

/** The product's public viewer page. */
export function viewerUrl(publicKey: string, origin = window.location.origin): string {
  return `${origin}/viewer/${encodeURIComponent(publicKey)}`;
}

/** The same page as the back-office previews it: `?apercu` asks for no visit token, so it counts no visit. */
export const previewUrl = (publicKey: string, origin = window.location.origin) =>
  `${viewerUrl(publicKey, origin)}?apercu`;

// `allow` names fullscreen: the old `allowfullscreen` beside it made Chromium warn in the console of the
// company's page ("Allow attribute will take precedence over 'allowfullscreen'").
export function embedCode(publicKey: string, nom: string, origin = window.location.origin): string {
  const title = `Visionneuse 3D : ${nom}`.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${viewerUrl(publicKey, origin)}" title="${title}" width="100%" height="520" style="border:0" allow="xr-spatial-tracking; fullscreen" loading="lazy"></iframe>`;
}

export const CODE_COPIED = "Code d'intégration copié";
/** The copy's toast when the company has declared no site: the code would be refused everywhere. */
export const CODE_COPIED_NO_SITE = `${CODE_COPIED}. Aucun site n'est déclaré : ajoutez le vôtre dans Catalogue › Intégration, sinon les navigateurs refuseront d'afficher la visionneuse.`;
