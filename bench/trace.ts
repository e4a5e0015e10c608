// Reading Chromium's traces and CPU profiles (bench/profileSwitch.ts, bench/profileCold.ts): the self time
// of each trace event on one thread, and each JavaScript function's time in a sampled profile.

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: any;
}

/** Self time per event name, over the complete events of one thread that overlap [from, to] (µs). */
export function selfTimes(evs: TraceEvent[], from: number, to: number): Map<string, number> {
  const inside = evs
    .filter((e) => e.ph === 'X' && e.dur !== undefined && e.ts < to && e.ts + e.dur > from)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const out = new Map<string, number>();
  const stack: Array<{ e: TraceEvent; end: number; child: number }> = [];
  const close = (until: number) => {
    while (stack.length && stack[stack.length - 1].end <= until) {
      const top = stack.pop()!;
      const own = Math.min(top.end, to) - Math.max(top.e.ts, from);
      out.set(top.e.name, (out.get(top.e.name) ?? 0) + Math.max(0, own - top.child));
      if (stack.length) stack[stack.length - 1].child += Math.max(0, own);
    }
  };
  for (const e of inside) {
    close(e.ts);
    stack.push({ e, end: e.ts + e.dur!, child: 0 });
  }
  close(Infinity);
  return out;
}

/** Self and inclusive time per function of a CDP CPU profile (ms), idle and program left out; with
 * `windows` (trace clock, µs), only the samples inside them. */
export function profileTimes(
  profile: any,
  windows: Array<{ from: number; to: number } | null> = [],
): { self: Array<[string, number]>; total: Array<[string, number]> } {
  const byId = new Map<number, any>(profile.nodes.map((n: any) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const keyOf = (n: any) => {
    const f = n.callFrame;
    const file = (f.url as string).split('/').pop();
    return `${f.functionName || '(anonyme)'} ${file ? `${file}:${f.lineNumber + 1}` : ''}`.trim();
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const deltas: number[] = profile.timeDeltas;
  const inside = windows.filter((w): w is { from: number; to: number } => w !== null);
  let at = profile.startTime as number;
  profile.samples.forEach((id: number, i: number) => {
    at += deltas[i] ?? 0;
    if (inside.length && !inside.some((w) => at >= w.from && at < w.to)) return;
    const d = (deltas[i + 1] ?? 0) / 1000;
    const leaf = keyOf(byId.get(id));
    if (leaf === '(idle)' || leaf === '(program)') return;
    self.set(leaf, (self.get(leaf) ?? 0) + d);
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const k = keyOf(byId.get(n));
      if (seen.has(k) || k === '(root)') continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + d);
    }
  });
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  return { self: sorted(self), total: sorted(total) };
}
