// The <iframe> a company pastes into its site to show a product's public viewer (docs/viewer.md).
export function embedCode(publicKey: string, nom: string, origin = window.location.origin): string {
  const title = `Visionneuse 3D : ${nom}`.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${origin}/viewer/${encodeURIComponent(publicKey)}" title="${title}" width="100%" height="520" style="border:0" allow="xr-spatial-tracking; fullscreen" allowfullscreen loading="lazy"></iframe>`;
}
