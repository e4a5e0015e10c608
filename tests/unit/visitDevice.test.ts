// The visit's device class and system from the request's agent (server/collect/device.ts): coarse, known
// agents of each class and system, and what cannot be told (an iPad asking for the desktop site).
import { describe, expect, it } from 'vitest';

import { DEVICE_CLASSES, SYSTEMS } from '#domain/visitSignals';

import { visitDevice } from '../../server/collect/device';

const named = (ua: string | undefined) => {
  const { device, system } = visitDevice(ua);
  return [DEVICE_CLASSES[device - 1] ?? null, SYSTEMS[system - 1] ?? null];
};

describe('visitDevice', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
      'ordinateur',
      'windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
      'ordinateur',
      'macos',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0', 'ordinateur', 'linux'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      'telephone',
      'ios',
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'tablette',
      'ios',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
      'telephone',
      'android',
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
      'tablette',
      'android',
    ],
    ['Mozilla/5.0 (Android 14; Mobile; rv:131.0) Gecko/131.0 Firefox/131.0', 'telephone', 'android'],
    [
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
      'ordinateur',
      null,
    ],
  ])('%s → %s, %s', (ua, device, system) => {
    expect(named(ua)).toEqual([device, system]);
  });

  it('counts an iPad asking for the desktop site as a Mac: its agent is a Mac’s (documented)', () => {
    const ipadDesktop =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
    expect(named(ipadDesktop)).toEqual(['ordinateur', 'macos']);
  });

  it('answers unknown (0, 0) without an agent or for an agent it cannot read', () => {
    expect(visitDevice(undefined)).toEqual({ device: 0, system: 0 });
    expect(visitDevice('')).toEqual({ device: 0, system: 0 });
    expect(visitDevice('curl/8.5.0')).toEqual({ device: 0, system: 0 });
  });

  it('reads a long agent in bounded time, up to its first 512 characters', () => {
    const long = `${'a '.repeat(300_000)}Android Mobile`;
    const started = performance.now();
    expect(visitDevice(long)).toEqual({ device: 0, system: 0 });
    expect(visitDevice(`Mozilla/5.0 (Linux; Android 14) Mobile ${'x'.repeat(100_000)}`)).toEqual({
      device: DEVICE_CLASSES.indexOf('telephone') + 1,
      system: SYSTEMS.indexOf('android') + 1,
    });
    expect(performance.now() - started).toBeLessThan(200);
  });
});
