// Robots are told apart by their user agent, with the patterns of the `crawler-user-agents` list (MIT,
// maintained, about 600 crawlers, headless browsers included). Events from them are not recorded.
import crawlers from 'crawler-user-agents';

/** User agents longer than this are cut before the test: the patterns then run on a bounded input. */
const MAX_USER_AGENT = 512;
/** Verdicts kept: visitors come with a few hundred browser versions, and the 600 patterns cost per test. */
const KEPT = 2000;

const robot = new RegExp(crawlers.map((c) => `(?:${c.pattern})`).join('|'));
const verdicts = new Map<string, boolean>();

export function isRobot(userAgent: string | undefined): boolean {
  const agent = (userAgent ?? '').slice(0, MAX_USER_AGENT);
  let verdict = verdicts.get(agent);
  if (verdict === undefined) {
    verdict = robot.test(agent);
    // Forgetting them all at once is enough: a flood of made-up agents only costs the test again.
    if (verdicts.size >= KEPT) verdicts.clear();
    verdicts.set(agent, verdict);
  }
  return verdict;
}
