// Small statistics of the benchmark's samples.
export const median = (xs: number[]): number => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

export const percentile = (xs: number[], p: number): number => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

export interface LongTasks {
  count: number;
  total: number;
  longest: number;
}

export const summariseLongTasks = (tasks: Array<[number, number]>): LongTasks => ({
  count: tasks.length,
  total: tasks.reduce((a, [, d]) => a + d, 0),
  longest: tasks.reduce((a, [, d]) => Math.max(a, d), 0),
});

/** Per phase over several runs: median count and total, worst longest. */
export const mergeLongTasks = (runs: LongTasks[]): LongTasks => ({
  count: median(runs.map((r) => r.count)),
  total: median(runs.map((r) => r.total)),
  longest: Math.max(0, ...runs.map((r) => r.longest)),
});
