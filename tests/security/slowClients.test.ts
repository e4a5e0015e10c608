// Slow clients (server/http/slowClients.ts, docs/security-dos.md "Slow clients"): the real server on a
// port, spoken to byte by byte over raw sockets, with its bounds shortened so that each case takes about a
// second. Whatever a client withholds (its headers, its body, any byte at all), its connection ends within
// the bound, with the API's 408 where an answer can still be written; a client that keeps pace is served.
import net, { type AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../server/app';
import { SLOW_CLIENT_LIMITS } from '../../server/http/slowClients';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/app';

const LIMITS = { headersMs: 600, idleMs: 1500, bodyGraceMs: 500, bodyMinRate: 100, checkEveryMs: 50 };
const LOGIN = '/api/Auth/backoffice/login';

let t: TestApp;
let port: number;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ slowClients: LIMITS });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  token = await t.login('directeur@demo.fr');
});
const opened = new Set<net.Socket>();
// A failing case leaves its connection open: closed here, or the server's close would wait for it.
afterAll(async () => {
  for (const socket of opened) socket.destroy();
  await t.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A raw connection: what it received, and when (ms after opening) it was closed. */
function connect() {
  const started = performance.now();
  const socket = net.connect(port, '127.0.0.1');
  opened.add(socket);
  let received = '';
  socket.on('data', (d) => (received += d.toString()));
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(performance.now() - started)));
  return {
    socket,
    closed,
    received: () => received,
    /** Writes while the connection is open; false once it is closed. */
    write: (text: string) => !socket.destroyed && socket.write(text),
  };
}

function statusOf(raw: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
}
function jsonOf(raw: string): Record<string, unknown> {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  return JSON.parse(body) as Record<string, unknown>;
}

/**
 * Sends `text` a few bytes at a time, every `everyMs`, until it is sent or the connection is closed; true
 * when all of it was sent.
 */
async function trickle(c: ReturnType<typeof connect>, text: string, bytes: number, everyMs: number) {
  for (let i = 0; i < text.length; i += bytes) {
    if (!c.write(text.slice(i, i + bytes))) return false;
    await sleep(everyMs);
  }
  return true;
}

// Timing: a bound is checked from below only (never closed before it: a slower machine only closes later,
// so it cannot fail there); that it is closed by that bound and not by a later one is the status it answers
// or the test's own timeout (a bound on the wait, several seconds above). The times themselves are the
// benchmark's.

describe('slow clients', () => {
  it('the server keeps these bounds by default', async () => {
    const app = await buildApp({ db: t.database.db, jwtSecret: 'x'.repeat(32), filesDir: t.filesDir });
    try {
      expect(app.server.headersTimeout).toBe(SLOW_CLIENT_LIMITS.headersMs);
      expect(app.server.timeout).toBe(SLOW_CLIENT_LIMITS.idleMs);
      expect(SLOW_CLIENT_LIMITS.headersMs).toBeLessThanOrEqual(15_000);
      expect(SLOW_CLIENT_LIMITS.idleMs).toBeLessThanOrEqual(60_000);
    } finally {
      await app.close();
    }
  });

  it('a header block still arriving after its bound is answered 408 and closed', async () => {
    const c = connect();
    c.write('GET /api/User/current HTTP/1.1\r\nHost: x\r\n');
    void trickle(c, 'X-Slow: 1\r\n'.repeat(100), 11, 100);
    const ms = await c.closed;
    expect(statusOf(c.received())).toBe(408);
    expect(jsonOf(c.received())).toMatchObject({ status: 408, title: 'Délai dépassé' });
    expect(ms).toBeGreaterThanOrEqual(LIMITS.headersMs - 50);
  });

  it(
    'a connection that never sends a byte is closed',
    async () => {
      const c = connect();
      const ms = await c.closed;
      expect(ms).toBeGreaterThanOrEqual(LIMITS.headersMs - 50);
      // Closed by the header bound: the 408 says which bound closed it.
      expect(statusOf(c.received())).toBe(408);
    },
    LIMITS.idleMs + 10_000,
  );

  it('a body below the minimum rate is answered 408, closed, and the server serves others meanwhile', async () => {
    const body = JSON.stringify({ mail: 'directeur@demo.fr', password: DEMO_PASSWORD, padding: 'x'.repeat(400) });
    const c = connect();
    c.write(
      `POST ${LOGIN} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    const sending = trickle(c, body, 2, 100); // 20 bytes a second for a bound of 100
    await sleep(200);
    const other = await fetch(`http://127.0.0.1:${port}/api/User/current`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(other.status).toBe(200);
    const ms = await c.closed;
    await sending;
    expect(statusOf(c.received())).toBe(408);
    expect(c.received()).toMatch(/\r\nconnection: close\r\n/i);
    expect(jsonOf(c.received())).toMatchObject({ status: 408, detail: "La requête n'a pas été reçue à temps." });
    expect(ms).toBeGreaterThanOrEqual(LIMITS.bodyGraceMs);
  });

  it('a body that keeps the pace is read whole, however long it takes', async () => {
    const body = JSON.stringify({ mail: 'directeur@demo.fr', password: DEMO_PASSWORD });
    const c = connect();
    c.write(
      `POST ${LOGIN} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    const started = performance.now();
    await trickle(c, body, 25, 200); // 125 bytes a second, past the grace
    await c.closed;
    expect(performance.now() - started).toBeGreaterThan(LIMITS.bodyGraceMs);
    expect(statusOf(c.received())).toBe(200);
    expect(jsonOf(c.received())).toHaveProperty('token');
  });

  it('an answer given before the body was received closes the connection at once', async () => {
    const c = connect();
    c.write(
      'POST /api/User/create HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"a":',
    );
    // 200 bytes a second, over the minimum rate, for 5 s: only the answer can close it before it is sent.
    const sending = trickle(c, 'x'.repeat(1000), 10, 50);
    await c.closed;
    expect(statusOf(c.received())).toBe(401);
    expect(await sending).toBe(false);
  });

  it('a body no parser reads, left unfinished, costs nothing once answered', async () => {
    const c = connect();
    c.write(`POST ${LOGIN} HTTP/1.1\r\nHost: x\r\nContent-Type: application/xml\r\nContent-Length: 5000\r\n\r\n<a>`);
    await c.closed;
    expect(statusOf(c.received())).toBe(415);
    // Past the body's bound: the server is still there.
    await sleep(LIMITS.bodyGraceMs + 300);
    const other = await fetch(`http://127.0.0.1:${port}/api/User/current`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(other.status).toBe(200);
  });

  it(
    'a stalled upload is closed after the idle bound',
    async () => {
      const c = connect();
      c.write(
        `POST /api/Propositions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
          'Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 5000000\r\n\r\n--b\r\n' +
          'Content-Disposition: form-data; name="pdf"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n',
      );
      const ms = await c.closed;
      expect(ms).toBeGreaterThanOrEqual(LIMITS.idleMs - 100);
    },
    LIMITS.idleMs + 10_000,
  );

  it('a kept-alive connection may wait between two requests longer than the header and idle bounds', async () => {
    const c = connect();
    const request = `GET /api/User/current HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n\r\n`;
    c.write(request);
    // Between requests, the keep-alive bound (72 s) is the one that counts, as before.
    await sleep(LIMITS.idleMs + 400);
    expect(c.write(request)).toBe(true);
    await sleep(300);
    expect(c.received().match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200']);
  });
});
