// npm run scale: three instances behind nginx for SCALE_SECONDS (default 60), one SIGKILLed halfway
// (tests/load/scaleRun.ts says what runs and what is checked). Prints the figures with the host's CPU;
// `npm run scale -- --write` also puts them in bench/results.md ("Plusieurs instances"). Exits 1 when an
// acknowledged write or accepted event is missing, an idempotent request failed, or 1 % of the POSTs did.
import fs from 'node:fs';
import path from 'node:path';

import { ROOT } from '../helpers/server';
import { runScale, scaleReport, scaleUnavailable, SECTION } from './scaleRun';

const SECONDS = Number(process.env.SCALE_SECONDS || 60);
const INSTANCES = Number(process.env.SCALE_INSTANCES || 3);
const USERS = Number(process.env.SCALE_USERS || 50);
const COLLECT_CONNECTIONS = Number(process.env.SCALE_COLLECT_CONNECTIONS || 10);
/** Replaces (or appends) the section in bench/results.md, before its closing line. */
function writeSection(markdown: string): string {
  const file = path.join(ROOT, 'bench/results.md');
  let text = fs.readFileSync(file, 'utf8');
  const start = text.indexOf(SECTION);
  const closing = text.lastIndexOf('\nDecisions and their measured reasons');
  if (start >= 0) {
    const next = text.indexOf('\n## ', start + SECTION.length);
    const end = next >= 0 ? next + 1 : closing >= 0 ? closing : text.length;
    text = `${text.slice(0, start)}${markdown}\n${text.slice(end).replace(/^\n+/, '')}`;
  } else if (closing >= 0) text = `${text.slice(0, closing)}\n${markdown}${text.slice(closing)}`;
  else text = `${text}\n${markdown}`;
  fs.writeFileSync(file, text);
  return file;
}

async function main() {
  const reason = await scaleUnavailable();
  if (reason) {
    console.error(`npm run scale impossible : ${reason}`);
    process.exit(1);
  }
  const outcome = await runScale({
    seconds: SECONDS,
    killAt: Math.floor(SECONDS / 2),
    instances: INSTANCES,
    users: USERS,
    collectConnections: COLLECT_CONNECTIONS,
    maxFailedPostShare: 0.01,
    log: (line) => process.stdout.write(`${line}\n`),
  });
  const markdown = scaleReport(outcome);
  process.stdout.write(`\n${markdown}`);
  if (process.argv.includes('--write')) process.stdout.write(`Écrit dans ${writeSection(markdown)}\n`);
  process.exit(outcome.passed ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
