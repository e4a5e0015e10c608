// CPU time of the processes a measurement runs on, read from /proc (user + system, in ms).
import { type ChildProcess, execFileSync, spawn, type StdioOptions } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { chromiumPath } from '../tests/helpers/browser';

/** CPU time (ms) of a process, its threads and its descendants (tsx runs the server in a child). */
export function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  let ms = (Number(fields[11]) + Number(fields[12])) * 10;
  for (const task of fs.readdirSync(`/proc/${pid}/task`))
    for (const child of fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean))
      ms += cpuMs(Number(child));
  return ms;
}

/**
 * CPU (ms) of every Chromium process running on the machine (run the measurement alone), by pid, with its
 * type (browser, renderer, network service…).
 */
export function chromiumCpu(): Map<number, { type: string; ms: number }> {
  const out = new Map<number, { type: string; ms: number }>();
  for (const line of execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' }).trim().split('\n')) {
    const [pid, ...rest] = line.trim().split(' ');
    const args = rest.join(' ');
    if (!args.includes('chromium') || args.includes('ps -eo')) continue;
    const type = /--utility-sub-type=\S*?(\w+)(\s|$)/.exec(args)?.[1] ?? /--type=(\S+)/.exec(args)?.[1] ?? 'browser';
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      out.set(Number(pid), { type, ms: (Number(fields[11]) + Number(fields[12])) * 10 });
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
}

/**
 * Per process type, the CPU spent between two readings of chromiumCpu() by the processes alive at the
 * second (a Chromium closed meanwhile counts nothing), largest first.
 */
export function cpuSpent(
  before: Map<number, { type: string; ms: number }>,
  after: Map<number, { type: string; ms: number }>,
): Array<[string, number]> {
  const out = new Map<string, number>();
  for (const [pid, { type, ms }] of after) out.set(type, (out.get(type) ?? 0) + ms - (before.get(pid)?.ms ?? 0));
  return [...out].sort((a, b) => b[1] - a[1]);
}

export interface SpawnedChromium {
  child: ChildProcess;
  profile: string;
}

/** A Chromium with a fresh profile, leading a process group of its own so that it stops whole. */
export function spawnChromium(args: string[], stdio: StdioOptions): SpawnedChromium {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-chromium-'));
  const child = spawn(chromiumPath(), [...args, `--user-data-dir=${profile}`], { stdio, detached: true });
  return { child, profile };
}

/** Kills every process of the group (a renderer left behind still writes in the profile), then removes it. */
export async function stopChromium({ child, profile }: SpawnedChromium): Promise<void> {
  await new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    process.kill(-child.pid!, 'SIGKILL');
  });
  fs.rmSync(profile, { recursive: true, force: true, maxRetries: 20, retryDelay: 250 });
}
