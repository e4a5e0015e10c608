// A flood of failed sign-ins spread over many addresses and mails (never throttled: each pair is new)
// must not run more password verifications at once than the gate allows (server/auth/verificationGate.ts):
// the overflow waits in a short queue, then answers 503 with Retry-After. And an IPv6 /64 is one address
// for the per-address limit. Timings of such a flood are in bench/loginFlood.ts, not here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { verifyPassword } from '../../server/auth/password';
import { VerificationGate } from '../../server/auth/verificationGate';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/app';

/** A real argon2 verification, counted while it runs, that may be held until the test lets it go. */
function countedVerifier() {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const state = { running: 0, maxRunning: 0, hold: false, release, verified: 0, started: [] as string[] };
  const verify = async (hash: string, password: string) => {
    state.started.push(password);
    state.running++;
    state.maxRunning = Math.max(state.maxRunning, state.running);
    try {
      if (state.hold) await released;
      return await verifyPassword(hash, password);
    } finally {
      state.running--;
      state.verified++;
    }
  };
  return { state, verify };
}

const until = async (cond: () => boolean) => {
  while (!cond()) await new Promise((r) => setTimeout(r, 5));
};

const login = (t: TestApp, mail: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/Auth/backoffice/login', payload: { mail, password }, remoteAddress });

describe('concurrent password verifications', () => {
  const { state, verify } = countedVerifier();
  const gate = new VerificationGate({ concurrent: 2, queued: 3, retryAfterSec: 1 }, verify);
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ verifications: gate, throttle: { perAccountAddress: 1 } });
  });
  afterAll(() => t.close());

  it('never runs more than N at once; the queue waits, the overflow answers 503 with Retry-After', async () => {
    state.hold = true;
    const attempts = Array.from({ length: 10 }, (_, i) =>
      login(t, `flood${i}@demo.fr`, 'faux', `198.51.100.${10 + i}`),
    );
    // 2 running (held), 3 queued, 5 refused at once: reached whatever the machine's speed.
    await until(() => gate.active === 2 && gate.queued === 3 && gate.refused === 5);
    expect(state.running).toBe(2);
    state.hold = false;
    state.release();
    const answers = await Promise.all(attempts);

    expect(state.maxRunning).toBe(2);
    expect(gate.peak).toBe(2);
    expect(state.verified).toBe(5);
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(5);
    const busy = answers.filter((r) => r.statusCode === 503);
    expect(busy).toHaveLength(5);
    for (const r of busy) {
      expect(r.headers['retry-after']).toBe('1');
      expect(r.json()).toEqual({
        status: 503,
        title: 'Service indisponible',
        detail: 'Trop de connexions en cours. Réessayez dans quelques secondes.',
      });
    }

    // A refused attempt was not a failure: its pair (1 failure allowed) may still try, and is verified.
    const refusedIndex = answers.findIndex((r) => r.statusCode === 503);
    const again = await login(t, `flood${refusedIndex}@demo.fr`, 'faux', `198.51.100.${10 + refusedIndex}`);
    expect(again.statusCode).toBe(401);
  });

  it('keeps the bound under real argon2 verifications, and a right password still signs in', async () => {
    state.maxRunning = 0;
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => login(t, `spread${i}@demo.fr`, 'faux', `203.0.113.${i + 1}`)),
    );
    expect(state.maxRunning).toBeLessThanOrEqual(2);
    expect(gate.peak).toBe(2);
    for (const r of answers) {
      expect([401, 503]).toContain(r.statusCode);
      if (r.statusCode === 503) expect(r.headers['retry-after']).toBe('1');
    }
    expect((await login(t, 'manager@demo.fr', DEMO_PASSWORD, '192.0.2.99')).statusCode).toBe(200);
  });
});

describe('a user who signed in before, during a flood', () => {
  const { state, verify } = countedVerifier();
  const gate = new VerificationGate({ concurrent: 2, queued: 3, retryAfterSec: 1 }, verify);
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ verifications: gate });
  });
  afterAll(() => t.close());

  it('has a lane of its own: verified before the queued strangers, never refused because they filled theirs', async () => {
    const regular = '192.0.2.50';
    expect((await login(t, 'directeur@demo.fr', DEMO_PASSWORD, regular)).statusCode).toBe(200);

    state.hold = true;
    state.started.length = 0;
    const flood = Array.from({ length: 10 }, (_, i) => login(t, `crowd${i}@demo.fr`, 'faux', `198.51.100.${60 + i}`));
    await until(() => gate.active === 2 && gate.queued === 3 && gate.refused === 5);
    // The common lane is full: a stranger is refused at once, the regular user waits in his own lane.
    expect((await login(t, 'stranger@demo.fr', 'faux', '198.51.100.99')).statusCode).toBe(503);
    // The lane is the pair's: the same account from an address it never signed in from has none.
    expect((await login(t, 'directeur@demo.fr', DEMO_PASSWORD, '192.0.2.51')).statusCode).toBe(503);
    const mine = login(t, 'directeur@demo.fr', DEMO_PASSWORD, regular);
    await until(() => gate.queued === 4);
    state.hold = false;
    state.release();
    const [answer] = await Promise.all([mine, ...flood]);

    expect(answer.statusCode).toBe(200);
    // Given the first slot to free, before the three strangers queued before him: his verification starts
    // right after the two that were running.
    expect(state.started).toEqual(['faux', 'faux', DEMO_PASSWORD, 'faux', 'faux', 'faux']);
    expect(state.maxRunning).toBe(2);
  });
});

describe('per-address limit over IPv6', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ throttle: { perAddress: 3 } });
  });
  afterAll(() => t.close());

  it('counts every address of one /64 as one address, and another /64 apart', async () => {
    for (let i = 1; i <= 3; i++)
      expect((await login(t, `v6-${i}@demo.fr`, 'faux', `2001:db8:a:b::${i}`)).statusCode).toBe(401);
    const sameNetwork = await login(t, 'manager@demo.fr', DEMO_PASSWORD, '2001:db8:a:b:ffff:1:2:3');
    expect(sameNetwork.statusCode).toBe(429);
    expect(Number(sameNetwork.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(t, 'manager@demo.fr', DEMO_PASSWORD, '2001:db8:a:c::1')).statusCode).toBe(200);
  });
});
