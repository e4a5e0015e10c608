// The robot test of POST /api/collect (server/collect/bots.ts): the crawler list read into literal
// pieces and matched in one pass must say what the list's own regular expression says, on the list's
// examples and on visitors' browsers; agents not shaped like a browser's are robots.
import crawlers from 'crawler-user-agents';
import { describe, expect, it } from 'vitest';

import {
  crawlerRegexes,
  createRobotMatcher,
  isCrawler,
  isRobot,
  literalAlternatives,
  MAX_USER_AGENT,
} from '../../server/collect/bots';

/** What bots.ts ran before: the whole list as one regular expression. */
const oldRobot = new RegExp(crawlers.map((c) => `(?:${c.pattern})`).join('|'));

const BROWSERS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0',
  'Mozilla/5.0 (Android 14; Mobile; rv:131.0) Gecko/131.0 Firefox/131.0',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 OPR/115.0.0.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/470.0.0]',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 340.0.0',
];

describe('the crawler matcher', () => {
  const examples = crawlers.flatMap((c) => c.instances ?? []);

  it('agrees with the list as one regular expression on every example of the list and on browsers', () => {
    expect(examples.length).toBeGreaterThan(1000);
    const disagree = [...examples, ...BROWSERS].filter((ua) => isCrawler(ua) !== oldRobot.test(ua));
    expect(disagree).toEqual([]);
    expect(BROWSERS.filter((ua) => isCrawler(ua))).toEqual([]);
  }, 120_000);

  it("agrees with each pattern alone on that pattern's examples (anchors, classes, groups, gaps)", () => {
    const disagree: string[] = [];
    for (const c of crawlers) {
      const alone = createRobotMatcher([c.pattern]);
      const re = new RegExp(c.pattern);
      for (const ua of [...(c.instances ?? []), ...BROWSERS])
        if (alone.test(ua) !== re.test(ua)) disagree.push(`${c.pattern} / ${ua}`);
    }
    expect(disagree).toEqual([]);
  });

  it('reads the pattern forms the list uses, and keeps as regexes only those it cannot read', () => {
    expect(literalAlternatives('[wW]get')).toEqual([
      { pieces: ['wget'], atStart: false, atEnd: false },
      { pieces: ['Wget'], atStart: false, atEnd: false },
    ]);
    expect(literalAlternatives('(^| )sentry\\/')).toEqual([
      { pieces: ['sentry/'], atStart: true, atEnd: false },
      { pieces: [' sentry/'], atStart: false, atEnd: false },
    ]);
    expect(literalAlternatives('Spider[\\s\\S]*spider\\.com')).toEqual([
      { pieces: ['Spider', 'spider.com'], atStart: false, atEnd: false },
    ]);
    expect(literalAlternatives('SSL Labs$')).toEqual([{ pieces: ['SSL Labs'], atStart: false, atEnd: true }]);
    expect(literalAlternatives('AdsBot-Google([^-]|$)')).toBeNull();
    expect(literalAlternatives('a\\d+')).toBeNull();
    expect(literalAlternatives('bot.*x')).toBeNull();
    // A handful at most: the rest of the 1,500 patterns are literal pieces.
    expect(crawlerRegexes.length).toBeLessThanOrEqual(5);
  });

  it('anchors and gaps say what the regular expression says on made-up agents', () => {
    const m = createRobotMatcher(['^curl', 'SSL Labs$', 'Spider[\\s\\S]*spider\\.com', 'AdsBot-Google([^-]|$)']);
    const cases: Array<[string, boolean]> = [
      ['curl/8', true],
      ['xcurl/8', false],
      ['Qualys SSL Labs', true],
      ['SSL Labs crawler', false],
      ['Spider x spider.com', true],
      ['spider.com Spider', false],
      ['Spider Spider spider.co', false],
      ['AdsBot-Google', true],
      ['AdsBot-Google-Mobile', false],
      ['AdsBot-Google-Mobile AdsBot-Google (x)', true],
    ];
    for (const [ua, expected] of cases) expect([ua, m.test(ua)]).toEqual([ua, expected]);
  });
});

describe('isRobot', () => {
  it('takes browsers for visitors', () => {
    expect(BROWSERS.filter(isRobot)).toEqual([]);
  });

  it('takes a missing, too long or implausible agent for a robot', () => {
    const robots = [
      undefined,
      '',
      'x',
      'node',
      'Mozilla/5.0',
      'curl/8.5.0',
      'python-requests/2.32.3',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
      `${BROWSERS[0]} ${'a'.repeat(MAX_USER_AGENT)}`,
    ];
    expect(robots.filter((ua) => !isRobot(ua))).toEqual([]);
  });
});
