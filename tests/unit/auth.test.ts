import { runInNewContext } from 'node:vm';

import { beforeEach, describe, expect, it } from 'vitest';

// The atoms read localStorage at import: give Node a real Storage-like object first.
class MemoryStorage {
  private m = new Map<string, string>();
  getItem(k: string) {
    return this.m.has(k) ? this.m.get(k)! : null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, String(v));
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
  clear() {
    this.m.clear();
  }
}
(globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();

const { createStore } = await import('jotai');
const atoms = await import('../../src/features/auth/atoms');
const { ApiError } = await import('../../src/api/http');
const { loginErrorMessage, isLicenceError } = await import('../../src/features/auth/loginError');
const { isRestrictedDevice } = await import('#domain/device');
const { RESTRICTED_DEVICE_JS } = await import('../../server/http/shellScript');

describe('auth atom transitions', () => {
  beforeEach(() => localStorage.clear());

  it('a successful login stores the token, authenticates and clears the error', () => {
    const store = createStore();
    store.set(atoms.loginFailedAtom, 'Failed to login');
    store.set(atoms.loginSucceededAtom, 'abc');
    expect(localStorage.getItem('token')).toBe('abc');
    expect(store.get(atoms.isAuthenticatedAtom)).toBe(true);
    expect(store.get(atoms.authErrorAtom)).toBeNull();
  });

  it('a failed login unauthenticates and records authError', () => {
    const store = createStore();
    store.set(atoms.loginSucceededAtom, 'abc');
    store.set(atoms.loginFailedAtom, 'Licence non activée');
    expect(store.get(atoms.isAuthenticatedAtom)).toBe(false);
    expect(store.get(atoms.authErrorAtom)).toBe('Licence non activée');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('sign-out removes the token and the current user', () => {
    const store = createStore();
    store.set(atoms.loginSucceededAtom, 'abc');
    store.set(atoms.currentUserAtom, {
      id: 1,
      role: 'Admin',
      nomRole: 'Admin',
      prenom: 'A',
      nom: 'B',
      mail: 'a@b.fr',
      entrepriseId: 1,
      entreprise: null,
    });
    store.set(atoms.signedOutAtom);
    expect(store.get(atoms.isAuthenticatedAtom)).toBe(false);
    expect(store.get(atoms.currentUserAtom)).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('login error catalogue', () => {
  it('maps answers to the spec messages', () => {
    expect(loginErrorMessage(new ApiError(0, 'x'))).toBe('Failed to login');
    expect(loginErrorMessage(new ApiError(401, 'x'))).toBe('Failed to login');
    expect(loginErrorMessage(new ApiError(403, 'x'))).toBe('Licence non activée');
    // Issue 16: a disabled account gets its own words, not the licence modal.
    expect(loginErrorMessage(new ApiError(403, 'Utilisateur désactivé'))).toBe(
      'Compte désactivé. Contactez votre administrateur.',
    );
    expect(isLicenceError(loginErrorMessage(new ApiError(403, 'Utilisateur désactivé')))).toBe(false);
    expect(loginErrorMessage(new ApiError(429, 'Trop de tentatives'))).toBe('Trop de tentatives');
    expect(loginErrorMessage(new TypeError('boom'))).toBe('Failed to login');
    expect(isLicenceError('Licence non activée')).toBe(true);
    expect(isLicenceError('Failed to login')).toBe(false);
  });
});

describe('desktop-only gate', () => {
  const desktop = {
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126',
    maxTouchPoints: 0,
    screenWidth: 1920,
    screenHeight: 1080,
  };
  it('lets a desktop in', () => expect(isRestrictedDevice(desktop)).toBe(false));
  it('lets a touch laptop with a large screen in', () =>
    expect(isRestrictedDevice({ ...desktop, maxTouchPoints: 10 })).toBe(false));
  it.each([
    ['an iPhone', { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' }],
    ['an Android phone', { userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36' }],
    ['an Android tablet', { userAgent: 'Mozilla/5.0 (Linux; Android 13; SM-X710) Safari/537.36' }],
    [
      'an iPad in desktop mode',
      { userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', maxTouchPoints: 5 },
    ],
    ['client hints saying mobile', { uaMobile: true }],
    ['a small touch screen', { maxTouchPoints: 5, screenWidth: 412, screenHeight: 915 }],
  ])('restricts %s', (_label, patch) => expect(isRestrictedDevice({ ...desktop, ...patch })).toBe(true));

  // The shell draws "Accès restreint" before any script by its own copy of the rules (server/http/shellScript.ts).
  it("the shell's inline check decides as isRestrictedDevice on every device above and their mixes", () => {
    const shellCheck = runInNewContext(`(${RESTRICTED_DEVICE_JS})`) as (
      n: { userAgent: string; maxTouchPoints: number; userAgentData?: { mobile: boolean } },
      s: { width: number; height: number },
    ) => boolean;
    const agents = [
      desktop.userAgent,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148',
      'Mozilla/5.0 (Linux; Android 13; SM-X710) Safari/537.36',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36',
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) Chrome/131.0 Kindle',
    ];
    const verdicts: boolean[] = [];
    for (const userAgent of agents)
      for (const uaMobile of [undefined, false, true])
        for (const maxTouchPoints of [0, 1, 5])
          for (const [screenWidth, screenHeight] of [
            [1920, 1080],
            [412, 915],
            [1024, 767],
            [768, 1366],
          ]) {
            const d = { userAgent, uaMobile, maxTouchPoints, screenWidth, screenHeight };
            const navigator = {
              userAgent,
              maxTouchPoints,
              ...(uaMobile === undefined ? {} : { userAgentData: { mobile: uaMobile } }),
            };
            const shell = shellCheck(navigator, { width: screenWidth, height: screenHeight });
            expect(shell, JSON.stringify(d)).toBe(isRestrictedDevice(d));
            verdicts.push(shell);
          }
    // Both answers occur: the comparison is not of two constants.
    expect(new Set(verdicts).size).toBe(2);
  });
});
