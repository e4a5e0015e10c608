import { describe, expect, it } from 'vitest';

import { embedCode, previewUrl } from '../../src/features/catalogue/embedCode';

describe('embedCode', () => {
  it("points at the product's viewer page and escapes the name in its title", () => {
    const code = embedCode('0123456789abcdef0123456789abcdef', 'Lampe "Arc" <L>', 'https://app.visio3d.fr');
    expect(code).toMatch(/^<iframe src="https:\/\/app\.visio3d\.fr\/viewer\/0123456789abcdef0123456789abcdef" /);
    expect(code).toContain('title="Visionneuse 3D : Lampe &quot;Arc&quot; &lt;L>"');
    expect(code).toContain('allow="xr-spatial-tracking; fullscreen"');
    // Both spellings of fullscreen made Chromium warn in the console of the company's page.
    expect(code).not.toContain('allowfullscreen');
  });

  it('previews the same page with ?apercu, which counts no visit (src/viewer/main.ts)', () => {
    expect(previewUrl('abc', 'https://app.visio3d.fr')).toBe('https://app.visio3d.fr/viewer/abc?apercu');
  });
});
