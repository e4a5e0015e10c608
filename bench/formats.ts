// npx tsx bench/formats.ts [products] : the events route alone (app.inject, no network, no browser) on the
// bench's 3,000-event products: the contract's list against ?format=columns, per content encoding. Prints the
// median time per answer and the bytes sent; it reads the full run's PGlite data directory (npm run bench
// builds it) and writes nothing.
import fs from 'node:fs';
import path from 'node:path';

import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { type BenchCompany, DATA_ROOT } from './dataDir';
import { ADMIN, PASSWORD } from './ours';
import { median } from './stats';

async function main() {
  const count = Number(process.argv[2] ?? 60);
  const dir = fs
    .readdirSync(DATA_ROOT)
    .map((d) => path.join(DATA_ROOT, d))
    .find((d) => d.includes('x3000') && fs.existsSync(path.join(d, 'bench.json')));
  if (!dir) throw new Error('no bench data: run npm run bench once');
  const companies: BenchCompany[] = JSON.parse(fs.readFileSync(path.join(dir, 'bench.json'), 'utf8'));
  const company = companies.find((c) => c.products >= count)!;
  const database = await openDatabase({ dataDir: dir });
  const app = await buildApp({
    db: database.db,
    jwtSecret: 'bench-formats-secret-0123456789abcdef',
    filesDir: path.join(dir, 'files'),
  });
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/Auth/backoffice/login',
      payload: { mail: ADMIN, password: PASSWORD },
    });
    const token = login.json().token as string;
    const ids = company.productIds.slice(0, count);
    process.stdout.write(
      `| answer | pass | encoding | median per product | bytes sent (median) |\n|---|---|---|---|---|\n`,
    );
    // First pass: built by PostgreSQL; the next ones: served from the answer cache (same ETag).
    const passes: Array<[string, string]> = [
      ['built', 'br'],
      ['cached', 'br'],
      ['cached', 'gzip'],
      ['cached', 'identity'],
    ];
    for (const [label, suffix] of [
      ["the contract's JSON list", ''],
      ['columns (?format=columns)', '?format=columns'],
    ])
      for (const [pass, encoding] of passes) {
        const times: number[] = [];
        const bytes: number[] = [];
        for (const id of ids) {
          const started = performance.now();
          const res = await app.inject({
            method: 'GET',
            url: `/api/ProductStatistics/Product/${id}${suffix}`,
            headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding },
          });
          times.push(performance.now() - started);
          if (res.statusCode !== 200) throw new Error(`${id}: ${res.statusCode}`);
          bytes.push(res.rawPayload.length);
        }
        process.stdout.write(
          `| ${label} | ${pass} | ${encoding} | ${median(times).toFixed(1)} ms | ${Math.round(median(bytes)).toLocaleString('en-GB')} |\n`,
        );
      }
  } finally {
    await app.close();
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
