// Where the test run's time goes: reads vitest's JSON report(s) and prints the wall time per folder of
// tests/ (one per vitest project, faults/ inside security) and the slowest files. Printed by .ci/run so each
// CI log says what to cut next (docs/performance.md, "CI's own duration").
import fs from 'node:fs';
import path from 'node:path';

const reports = process.argv.slice(2).filter((file) => fs.existsSync(file));
const files = [];
for (const report of reports) {
  const { testResults = [] } = JSON.parse(fs.readFileSync(report, 'utf8'));
  for (const result of testResults) {
    const seconds = (result.endTime - result.startTime) / 1000;
    const relative = path.relative(process.cwd(), result.name);
    files.push({ file: `${relative}${reports.length > 1 ? ` (${path.basename(report)})` : ''}`, seconds });
  }
}
if (!files.length) process.exit(0);

const byFolder = new Map();
for (const { file, seconds } of files) {
  const folder = file.split(path.sep).slice(0, 2).join('/');
  byFolder.set(folder, (byFolder.get(folder) ?? 0) + seconds);
}
const minutes = (s) => `${(s / 60).toFixed(1)} min`;
console.log('Test time per folder (sum of file durations; files of one folder may run in parallel):');
for (const [folder, seconds] of [...byFolder].sort((a, b) => b[1] - a[1]))
  console.log(`  ${folder.padEnd(16)} ${minutes(seconds)}`);
console.log('Slowest files:');
for (const { file, seconds } of files.sort((a, b) => b.seconds - a.seconds).slice(0, 15))
  console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${file}`);
