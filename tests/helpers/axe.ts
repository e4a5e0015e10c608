// axe-core's rules on a page as it is now, as Lighthouse's accessibility category runs and judges them
// (axe-core itself is MPL-2.0, a licence the project does not take as a direct dependency; Lighthouse ships
// it). Used by tests/e2e/a11y.test.ts and the public pages' own tests.
//
// Lighthouse's own parts, without its snapshot run around them: its Accessibility gatherer (the axe-core
// it ships, its rule set, its node details) and the audits of its accessibility category, which turn the
// gatherer's violations into failed audits with their impact. A snapshot (`snapshot()` from 'lighthouse')
// gives the same failed audits but also measures the host's speed (a CPU benchmark of about a second in the
// page), takes a full-page screenshot and looks for JavaScript libraries, on every call: 2.6 s a scan
// where this takes 0.2 to 0.9 s (docs/performance.md, "CI's own duration").
import defaultConfig from 'lighthouse/core/config/default-config.js';
import { Driver } from 'lighthouse/core/gather/driver.js';
import Accessibility from 'lighthouse/core/gather/gatherers/accessibility.js';
import type { Page } from 'puppeteer-core';

type AxeArtifact = Awaited<ReturnType<Accessibility['getArtifact']>>;
interface AuditProduct {
  score: number | null;
  details?: { items?: Array<{ node?: { selector?: string } }>; debugData?: { impact?: string } };
}
interface AxeAuditClass {
  meta: { id: string; scoreDisplayMode?: string };
  audit(artifacts: { Accessibility: AxeArtifact }): AuditProduct;
}

let audits: Promise<AxeAuditClass[]> | undefined;

/**
 * The audits of Lighthouse's accessibility category that judge an axe rule (the manual ones judge
 * nothing), loaded once. Informative and manual audits never fail a report: they are left out as there.
 */
function axeAudits(): Promise<AxeAuditClass[]> {
  audits ??= (async () => {
    const ids = new Set(defaultConfig.categories!.accessibility.auditRefs.map((ref) => ref.id));
    const paths = (defaultConfig.audits ?? [])
      .map((a) => (typeof a === 'string' ? a : ''))
      .filter((p) => p.startsWith('accessibility/') && ids.has(p.slice(p.lastIndexOf('/') + 1)));
    const { default: AxeAudit } = await import('lighthouse/core/audits/accessibility/axe-audit.js');
    const classes = await Promise.all(
      paths.map(async (p) => (await import(`lighthouse/core/audits/${p}.js`)).default as AxeAuditClass),
    );
    return classes.filter(
      (c) =>
        (c as unknown as { prototype: unknown }).prototype instanceof AxeAudit &&
        !['informative', 'manual'].includes(c.meta.scoreDisplayMode ?? ''),
    );
  })();
  return audits;
}

/** The serious or critical violations of the page as it is now, one line each with the nodes. */
export async function violations(page: Page): Promise<string[]> {
  const driver = new Driver(page);
  await driver.connect();
  let artifact: AxeArtifact;
  try {
    artifact = await new Accessibility().getArtifact({ driver } as Parameters<Accessibility['getArtifact']>[0]);
  } finally {
    await driver.disconnect();
  }
  const out: string[] = [];
  for (const Audit of await axeAudits()) {
    const result = Audit.audit({ Accessibility: artifact });
    if (result.score !== 0) continue;
    if (!['serious', 'critical'].includes(result.details?.debugData?.impact ?? '')) continue;
    const items = result.details?.items ?? [];
    out.push(`${Audit.meta.id}: ${items.map((i) => i.node?.selector).join(', ')}`);
  }
  return out;
}
