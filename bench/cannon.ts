// Server side: autocannon in a second process (its CLI, --json) against the running server, 50
// connections: the events of one 3,000-event product; and the login route (successful logins; argon2id
// makes each one deliberately costly) with 10 connections: the throttle counts an attempt before its
// password is checked, so one account from one address has at most 10 attempts in flight
// (docs/login-throttle.md); more would be answered 429, not measured.
import { spawn } from 'node:child_process';
import path from 'node:path';

import { ROOT } from '../tests/helpers/server';

export interface CannonResult {
  route: string;
  rps: number;
  p99: number;
  p50: number;
  requests: number;
  non2xx: number;
  errors: number;
}

function autocannon(args: string[]): Promise<any> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(ROOT, 'node_modules/autocannon/autocannon.js'), '--json', ...args],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => {
      try {
        resolve(JSON.parse(out));
      } catch {
        reject(new Error(`autocannon (code ${code}) : ${err.slice(-500)}`));
      }
    });
  });
}

const summary = (route: string, r: any): CannonResult => ({
  route,
  rps: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  requests: r.requests.total,
  non2xx: r.non2xx,
  errors: r.errors + r.timeouts,
});

export async function loadServer(
  baseUrl: string,
  productId: number,
  eventCount: number,
  seconds: number,
  mail: string,
  password: string,
): Promise<CannonResult[]> {
  const login = await fetch(`${baseUrl}/api/Auth/backoffice/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mail, password }),
  });
  const { token } = (await login.json()) as { token: string };
  const common = ['-c', '50', '-d', String(seconds)];
  const events = await autocannon([
    ...common,
    '-H',
    `Authorization=Bearer ${token}`,
    '-H',
    'Accept-Encoding=gzip, deflate, br',
    `${baseUrl}/api/ProductStatistics/Product/${productId}`,
  ]);
  const logins = await autocannon([
    '-c',
    '10',
    '-d',
    String(seconds),
    '-m',
    'POST',
    '-H',
    'Content-Type=application/json',
    '-b',
    JSON.stringify({ mail, password }),
    `${baseUrl}/api/Auth/backoffice/login`,
  ]);
  return [
    summary(`GET /api/ProductStatistics/Product/${productId} (${eventCount.toLocaleString('en-GB')} events)`, events),
    summary('POST /api/Auth/backoffice/login (10 connections)', logins),
  ];
}
