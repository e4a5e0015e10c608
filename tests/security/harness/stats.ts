// Counters for the summary table of `npm run test:security`: each test file appends lines to a file the
// summary reporter reads at the end (workers and the reporter live in different processes).
import fs from 'node:fs';
import path from 'node:path';

export type StatKind = 'routes' | 'cells' | 'inputs' | 'faults';

export const STATS_ENV = 'V3D_SECURITY_STATS';

export function record(kind: StatKind, count: number, label = ''): void {
  const dir = process.env[STATS_ENV];
  if (!dir || !count) return;
  fs.appendFileSync(path.join(dir, 'stats.jsonl'), `${JSON.stringify({ kind, count, label })}\n`);
}

export function readStats(dir: string): Record<StatKind, number> & { routeSet: Set<string> } {
  const out = { routes: 0, cells: 0, inputs: 0, faults: 0, routeSet: new Set<string>() };
  const file = path.join(dir, 'stats.jsonl');
  if (!fs.existsSync(file)) return out;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    const { kind, count, label } = JSON.parse(line) as { kind: StatKind; count: number; label: string };
    // Routes are counted once however many files cover them.
    if (kind === 'routes') out.routeSet.add(label);
    else out[kind] += count;
  }
  out.routes = out.routeSet.size;
  return out;
}
