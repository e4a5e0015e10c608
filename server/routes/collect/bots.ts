// Robots are told apart by their user agent, with the patterns of the `crawler-user-agents` list (MIT,
// maintained, about 600 crawlers, headless browsers included). Events from them are not recorded.
import crawlers from 'crawler-user-agents';

/** User agents longer than this are cut before the test: the patterns then run on a bounded input. */
const MAX_USER_AGENT = 512;

const robot = new RegExp(crawlers.map((c) => `(?:${c.pattern})`).join('|'));

export function isRobot(userAgent: string | undefined): boolean {
  return robot.test((userAgent ?? '').slice(0, MAX_USER_AGENT));
}
