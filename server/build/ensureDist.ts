// Builds the app into dist/ when it is missing or older than its sources (npm start's first step).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const SOURCES = ['src', 'workers', 'public', 'index.html', 'viewer.html', 'vite.config.ts', 'package.json'];

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const entry of fs.readdirSync(p)) max = Math.max(max, newestMtime(path.join(p, entry)));
  return max;
}

/**
 * The build's last file: the service worker, written by vite-plugin-pwa once every other file is there.
 * index.html comes early in a build, so a build still running (or one killed halfway) has it without the
 * rest: a server that trusted it served an app with no service worker.
 */
const LAST_BUILT = 'sw.js';

export function isDistStale(root: string): boolean {
  const last = path.join(root, 'dist', LAST_BUILT);
  if (!fs.existsSync(last) || !fs.existsSync(path.join(root, 'dist', 'index.html'))) return true;
  const built = fs.statSync(last).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > built);
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Runs `vite build` when needed; throws when the build fails. Two servers starting at once build once. */
export function ensureDist(root: string, log: (msg: string) => void = console.log): void {
  if (!isDistStale(root)) return;
  const lock = path.join(root, '.build.lock');
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      // Another process is building; a lock older than 5 minutes belongs to a build that died.
      const st = fs.statSync(lock, { throwIfNoEntry: false });
      if (st && Date.now() - st.mtimeMs > 300_000) fs.rmSync(lock, { recursive: true, force: true });
      sleep(500);
    }
  }
  try {
    if (!isDistStale(root)) return;
    log('Construction de l’application (vite build)…');
    const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
    // NODE_ENV=production whatever the caller's (a test runner sets 'test', which would make a dev build).
    const env = { ...process.env, NODE_ENV: 'production' };
    const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
      env,
    });
    if (result.status !== 0) throw new Error('La construction de l’application a échoué (vite build).');
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
