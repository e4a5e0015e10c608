// Upload memory: the real server process (server/main.ts, one process, no demo data, a first Admin)
// receives 4 concurrent uploads of a 150 MB "video", first refused (not an MP4), then accepted (an MP4),
// from one account (UPLOADS_PER_USER=4 for the bench; 2 by default). The bodies are generated as they are sent; the server's RSS is sampled from
// /proc every 20 ms. Goal: under 250 MB of growth. `npx tsx bench/uploads.ts` alone, or a section of
// `npm run bench`.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { ADMIN, createAdmin, customerBody, spawnServer } from '../tests/faults/helpers';

const MB = 1_000_000;
const VIDEO_BYTES = 150 * MB;
const CHUNK = Buffer.alloc(1024 * 1024, 0x61);
const CONCURRENT = 4;
const PDF = Buffer.from('%PDF-1.4\n% the bench quote\ntrailer<<>>\n%%EOF\n');
const MP4_HEAD = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.alloc(20)]);

export interface UploadPhase {
  label: string;
  statuses: number[];
  sentMB: number;
  seconds: number;
  baselineMB: number;
  peakMB: number;
}

const rssOf = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? (Number(m[1]) * 1024) / MB : NaN;
};

async function json(base: string, method: string, url: string, token: string | null, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return res.json();
}

/** One upload whose 150 MB video is generated while it is sent; stops sending once the server answers. */
function upload(
  base: string,
  token: string,
  customerId: number,
  video: 'mp4' | 'other',
): Promise<{ status: number; sent: number }> {
  const boundary = `----banc${Math.random().toString(16).slice(2)}`;
  const part = (name: string, extra = '') =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n`;
  const head = Buffer.concat([
    Buffer.from(`${part('customerId')}\r\n${customerId}\r\n`),
    Buffer.from(`${part('pdf', '; filename="devis.pdf"')}Content-Type: application/pdf\r\n\r\n`),
    PDF,
    Buffer.from(`\r\n${part('video', '; filename="film.mp4"')}Content-Type: video/mp4\r\n\r\n`),
    video === 'mp4' ? MP4_HEAD : Buffer.from('not a video'),
  ]);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request(`${base}/api/Propositions`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
    });
    req.on('response', (res) => {
      answered = true;
      res.resume();
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, sent });
      });
    });
    req.on('error', (err) => (answered ? undefined : reject(err)));
    const pump = () => {
      while (!answered) {
        if (sent >= VIDEO_BYTES) {
          req.end(tail);
          return;
        }
        const chunk = sent === 0 ? head : CHUNK.subarray(0, Math.min(CHUNK.length, VIDEO_BYTES - sent));
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
    };
    pump();
  });
}

async function phase(
  label: string,
  pid: number,
  base: string,
  users: Array<{ token: string; customerId: number }>,
  video: 'mp4' | 'other',
  log: (s: string) => void,
): Promise<UploadPhase> {
  await new Promise((r) => setTimeout(r, 1000));
  const baseline = rssOf(pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
  const started = Date.now();
  try {
    const results = await Promise.all(users.map((u) => upload(base, u.token, u.customerId, video)));
    const row: UploadPhase = {
      label,
      statuses: results.map((r) => r.status),
      sentMB: results.reduce((n, r) => n + r.sent, 0) / MB,
      seconds: (Date.now() - started) / 1000,
      baselineMB: baseline,
      peakMB: Math.max(peak, rssOf(pid)),
    };
    log(
      `${label}: answers ${row.statuses.join(', ')}, ${row.sentMB.toFixed(0)} MB sent in ${row.seconds.toFixed(1)} s, RSS ${row.baselineMB.toFixed(0)} → peak ${row.peakMB.toFixed(0)} MB (+${(row.peakMB - row.baselineMB).toFixed(0)} MB)`,
    );
    return row;
  } finally {
    clearInterval(sampler);
  }
}

export async function runUploadBench(
  log: (s: string) => void = console.log,
): Promise<{ phases: UploadPhase[]; markdown: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-bench-uploads-'));
  log(`\nFile uploads: server (PGlite, ${dataDir})…`);
  createAdmin({ dataDir });
  const server = await spawnServer({ SEED: 'off', UPLOADS_PER_USER: String(CONCURRENT) }, dataDir);
  const pid = server.child.pid!;
  try {
    const { token } = await json(server.url, 'POST', '/api/Auth/backoffice/login', null, ADMIN);
    const { customerId } = await json(server.url, 'POST', '/api/Customers/NewCustomer', token, customerBody(0));
    const users = Array.from({ length: CONCURRENT }, () => ({ token, customerId: customerId as number }));
    // Warm the route once (code paths, database) so that the first phase does not measure start-up.
    await upload(server.url, users[0].token, users[0].customerId, 'other');
    const phases = [
      await phase('4 videos of 150 MB refused (not an MP4)', pid, server.url, users, 'other', log),
      await phase('4 videos of 150 MB accepted', pid, server.url, users, 'mp4', log),
    ];
    return { phases, markdown: markdown(phases) };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function markdown(phases: UploadPhase[]): string {
  const rows = phases.map(
    (p) =>
      `| ${p.label} | ${p.statuses.join(', ')} | ${p.sentMB.toFixed(0)} MB | ${p.seconds.toFixed(1)} s | ${p.baselineMB.toFixed(0)} MB | ${p.peakMB.toFixed(0)} MB | **+${(p.peakMB - p.baselineMB).toFixed(0)} MB** |`,
  );
  return [
    "## File uploads: the server's memory",
    '',
    '4 simultaneous uploads (one account, UPLOADS_PER_USER=4) of a 150 MB video to `POST /api/Propositions`, a real server process',
    "(PGlite); the process's RSS read from /proc every 20 ms. Target: less than 250 MB of growth.",
    '',
    '| case | answers | bytes sent | duration | RSS before | peak RSS | growth |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runUploadBench()
    .then(({ markdown: text }) => console.log(`\n${text}`))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
