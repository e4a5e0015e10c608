// The security project's counters live in one temporary folder per run (the summary reporter may have made it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { STATS_ENV } from './harness/stats';

export function setup() {
  process.env[STATS_ENV] ??= fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-security-stats-'));
}
