// The visit's signals as the server checks them (domain/visitSignalsSchema.ts, within the batch of
// domain/collect.ts) and as the viewer reads its source (src/viewer/source.ts) and its attention
// (src/viewer/attention.ts): bounds, French messages, and nothing of the referrer but its host and utm.
import { describe, expect, it } from 'vitest';

import { collectBatchSchema, EMPTY_BATCH_MESSAGE } from '#domain/collect';
import * as measure from '#domain/visitMeasure';
import { ATTENTION_BUCKETS, attentionBucket, MAX_AR_LAUNCHES, MAX_VISIT_MS } from '#domain/visitMeasure';
import * as signals from '#domain/visitSignals';
import {
  ACTIVE_OVER_VISIBLE_MESSAGE,
  AR_OUTCOMES_MESSAGE,
  ATTENTION_BUCKET_MESSAGE,
  visitSignalsSchema,
} from '#domain/visitSignalsSchema';

import { createAttention } from '../../src/viewer/attention';
import { visitSource } from '../../src/viewer/source';

const good = {
  source: { host: 'www.maison-lumiere.fr', utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'Noël 2026' },
  visibleMs: 60_000,
  activeMs: 12_000,
  firstInteractionMs: 3_500,
  attention: [
    [9, 40_000],
    [13, 20_000],
  ],
  ar: { platform: 'scene-viewer', launches: 2, placed: 0, failed: 1, returned: 1 },
};

const messages = (value: unknown) => {
  const r = visitSignalsSchema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('visitSignalsSchema', () => {
  it('accepts a full visit and the least one (time and no attention)', () => {
    expect(messages(good)).toEqual([]);
    expect(messages({ visibleMs: 0, activeMs: 0, attention: [] })).toEqual([]);
  });

  it.each<[string, unknown, RegExp]>([
    ['a negative time', { ...good, visibleMs: -1 }, /Durée invalide/],
    ['a time over 4 h', { ...good, visibleMs: MAX_VISIT_MS + 1 }, /4 h au plus/],
    ['a fraction of a ms', { ...good, activeMs: 1.5 }, /entières/],
    ['active over visible', { ...good, activeMs: 60_001 }, new RegExp(ACTIVE_OVER_VISIBLE_MESSAGE)],
    ['a bucket past 47', { ...good, attention: [[ATTENTION_BUCKETS, 10]] }, /Case d’attention invalide/],
    [
      'a bucket twice',
      {
        ...good,
        attention: [
          [3, 10],
          [3, 20],
        ],
      },
      /chacune une fois/,
    ],
    ['a pair of three', { ...good, attention: [[3, 10, 1]] }, /\[case, millisecondes\]/],
    [
      'more than 48 pairs',
      { ...good, attention: Array.from({ length: 49 }, (_, i) => [i % 48, 1]) },
      /Au plus 48 cases/,
    ],
    ['an unknown platform', { ...good, ar: { ...good.ar, platform: 'hololens' } }, /Plateforme AR inconnue/],
    ['too many launches', { ...good, ar: { ...good.ar, launches: MAX_AR_LAUNCHES + 1 } }, /50 au plus/],
    ['more returns than launches', { ...good, ar: { ...good.ar, returned: 3 } }, new RegExp(AR_OUTCOMES_MESSAGE)],
    ['a host with a path', { ...good, source: { host: 'shop.fr/chaises' } }, /Hôte de la page d’origine invalide/],
    ['a host with a port', { ...good, source: { host: 'shop.fr:8080' } }, /Hôte de la page d’origine invalide/],
    ['a host too long', { ...good, source: { host: `${'a'.repeat(260)}.fr` } }, /trop long/],
    ['a utm too long', { ...good, source: { host: 'shop.fr', utmSource: 'x'.repeat(101) } }, /100 caractères/],
    ['a utm with a control', { ...good, source: { host: 'shop.fr', utmMedium: 'a\u0000b' } }, /non imprimables/],
  ])('refuses %s, in French', (_, value, message) => {
    const said = messages(value);
    expect(
      said.some((m) => message.test(m)),
      said.join(' | '),
    ).toBe(true);
  });

  it('lists each refine rule by its exact message (the route documents them)', () => {
    expect(ATTENTION_BUCKET_MESSAGE).toMatch(/0 à 47/);
  });
});

describe('the batch with signals', () => {
  const now = Date.now();
  const batch = {
    key: 'k'.repeat(32),
    sessionId: 'session-0001',
    visit: `${now.toString(36)}.${'a'.repeat(43)}`,
  };
  it('takes signals with no event, events with no signals, and refuses neither', () => {
    const schema = collectBatchSchema(now);
    expect(schema.safeParse({ ...batch, events: [], signals: good }).success).toBe(true);
    expect(schema.safeParse({ ...batch, events: [{ type: 'consultation' }] }).success).toBe(true);
    const neither = schema.safeParse({ ...batch, events: [] });
    expect(neither.success).toBe(false);
    expect(neither.error?.issues.map((i) => i.message)).toEqual([EMPTY_BATCH_MESSAGE]);
  });
});

describe('visitSource (the viewer reads its frame’s referrer)', () => {
  it('keeps the host and the three utm parameters, never the path nor another parameter', () => {
    expect(
      visitSource(
        'https://www.Maison-Lumiere.fr/salon/lampes?id=42&utm_source=newsletter&utm_medium=email&utm_campaign=No%C3%ABl&gclid=abc#x',
      ),
    ).toEqual({ host: 'www.maison-lumiere.fr', utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'Noël' });
    expect(visitSource('https://shop.example/')).toEqual({ host: 'shop.example' });
  });

  it('has no source for a page opened directly or an address it cannot send', () => {
    expect(visitSource('')).toBeUndefined();
    expect(visitSource('file:///home/x/page.html')).toBeUndefined();
    expect(visitSource('http://[::1]:8080/')).toBeUndefined();
  });

  it('bounds the utm values to what the server takes (printable, 100 units, no half character)', () => {
    const long = visitSource(`https://a.fr/?utm_source=${'😀'.repeat(60)}&utm_medium=%00%01ok`)!;
    expect(long.utmSource!.length).toBe(100);
    expect(long.utmMedium).toBe('ok');
    expect(visitSignalsSchema.safeParse({ visibleMs: 0, activeMs: 0, attention: [], source: long }).success).toBe(true);
  });
});

describe('attention (the viewer’s dwell per bucket)', () => {
  it('credits each span to the orbit it was seen from, near buckets by the opening radius', () => {
    const a = createAttention();
    a.look({ theta: 0, phi: Math.PI / 2, radius: 4 });
    a.add(1000.7);
    a.look({ theta: Math.PI, phi: Math.PI / 2, radius: 2 });
    a.add(500);
    a.look({ theta: 0, phi: Math.PI / 2, radius: 4 });
    a.add(250.6);
    expect(a.pairs()).toEqual([
      [attentionBucket(0, Math.PI / 2, 4, 4), 1251],
      [attentionBucket(Math.PI, Math.PI / 2, 2, 4), 500],
    ]);
    expect(attentionBucket(Math.PI, Math.PI / 2, 2, 4)).toBeGreaterThanOrEqual(24);
  });
});

describe('the viewer’s module and the dashboard’s agree', () => {
  // domain/visitMeasure.ts (the viewer's) and domain/visitSignals.ts (the server's and the dashboard's) repeat
  // a few numbers rather than import each other, so that the viewer shares no chunk with the back-office.
  it('on the attention grid, the source bounds and the AR platforms', () => {
    expect([signals.AZIMUTH_SECTORS, signals.ELEVATION_BANDS, signals.ATTENTION_BUCKETS]).toEqual([
      measure.AZIMUTH_SECTORS,
      measure.ELEVATION_BANDS,
      measure.ATTENTION_BUCKETS,
    ]);
    expect([signals.MAX_HOST_LENGTH, signals.MAX_UTM_LENGTH]).toEqual([
      measure.MAX_HOST_LENGTH,
      measure.MAX_UTM_LENGTH,
    ]);
    expect(signals.SECTOR_LABELS).toHaveLength(measure.AZIMUTH_SECTORS);
    expect(signals.ELEVATION_LABELS).toHaveLength(measure.ELEVATION_BANDS);
    // Each bucket's drawn orbit falls back into that bucket.
    for (let b = 0; b < measure.ATTENTION_BUCKETS; b++) {
      const [theta, phi, radius] = signals
        .bucketOrbit(b)
        .split(' ')
        .map((v) => parseFloat(v));
      const rad = (d: number) => (d * Math.PI) / 180;
      expect(measure.attentionBucket(rad(theta), rad(phi), radius, 100)).toBe(b);
    }
  });
});
