// The one 401 path (src/api/http.ts): a 401 wipes local storage once, and its listeners end the session.
// A 401 answered before anyone listened (the early current user beats App's mount) still reaches the first
// listener, once. A real HTTP server answers the 401.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

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

let server: Server;
let http: typeof import('../../src/api/http');

beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(401, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ status: 401, title: 'Unauthorized', detail: 'Session expirée' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  vi.stubEnv('VITE_API_BASE', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  http = await import('../../src/api/http');
});

afterAll(async () => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  await new Promise((resolve) => server.close(resolve));
});

describe('the 401 path', () => {
  it('a 401 nobody heard reaches the first listener once; a later 401 reaches the listeners', async () => {
    localStorage.setItem('token', 'old');
    await expect(http.http.get('/api/User/me')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('token')).toBeNull();

    const first = vi.fn();
    const stop = http.onUnauthorized(first);
    expect(first).toHaveBeenCalledTimes(1);
    const second = vi.fn();
    http.onUnauthorized(second)();
    expect(second).not.toHaveBeenCalled();

    localStorage.setItem('token', 'again');
    await expect(http.http.get('/api/User/me')).rejects.toMatchObject({ status: 401 });
    expect(first).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem('token')).toBeNull();
    stop();
  });
});
