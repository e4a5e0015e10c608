// The "Intégration" form checks what the route checks, with the same French messages (domain/entreprise.ts).
import { describe, expect, it } from 'vitest';

import { viewerSettingsFormField, viewerSettingsFormSchema, viewerSettingsSchema } from '#domain/entreprise';

const formIssues = (origins: string[], quoteUrl = '') =>
  viewerSettingsFormSchema.safeParse({ quoteUrl, frameOrigins: origins.map((origin) => ({ origin })) }).error?.issues ??
  [];
const routeIssues = (origins: string[], quoteUrl = '') =>
  viewerSettingsSchema.safeParse({ quoteUrl, frameOrigins: origins }).error?.issues ?? [];

describe('viewerSettingsFormSchema', () => {
  it.each([
    'http://shop.example.fr',
    'https://shop.example.fr/page',
    'https://*.example.fr',
    'https://localhost',
    'https://127.0.0.1:8443',
    'https://a.com;sandbox',
    '',
  ])('refuses %j with the message the route gives, on that row', (origin) => {
    const form = formIssues(['https://ok.example.fr', origin]);
    const route = routeIssues(['https://ok.example.fr', origin]);
    expect(form).toHaveLength(1);
    expect(form[0].message).toBe(route[0].message);
    expect(form[0].path.join('.')).toBe('frameOrigins.1.origin');
    // The server's 400 names the field frameOrigins.1: the form shows it on the same row.
    expect(viewerSettingsFormField(route[0].path.join('.'))).toBe('frameOrigins.1.origin');
  });

  it('normalises like the route and turns an empty quote page into none', () => {
    const parsed = viewerSettingsFormSchema.parse({
      quoteUrl: ' ',
      frameOrigins: [{ origin: 'https://Boutique.Example.fr:443/' }],
    });
    expect(parsed).toEqual({ quoteUrl: null, frameOrigins: [{ origin: 'https://boutique.example.fr' }] });
    expect(formIssues([], 'http://shop.example.fr/devis')[0].message).toBe(
      routeIssues([], 'http://shop.example.fr/devis')[0].message,
    );
  });

  it('takes 20 sites at most, like the route', () => {
    const many = Array.from({ length: 21 }, (_, i) => `https://s${i}.example.fr`);
    expect(formIssues(many)[0].message).toBe(routeIssues(many)[0].message);
    expect(formIssues(many.slice(0, 20))).toEqual([]);
  });

  it('leaves other server fields as they are', () => {
    expect(viewerSettingsFormField('quoteUrl')).toBe('quoteUrl');
    expect(viewerSettingsFormField('frameOrigins')).toBe('frameOrigins');
  });
});
