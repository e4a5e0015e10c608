// Robots are told apart by their user agent (docs/viewer.md, "Bots"): an agent that is missing, longer
// than a browser's or not shaped like a browser's is a robot, and so is one the `crawler-user-agents` list
// (MIT, about 1,500 crawlers, headless browsers included) names. Events from robots are not recorded.
//
// The list's patterns are not run as one regular expression: built with `new RegExp`, its 1,500
// alternatives cost about 11 ms per new agent. Nearly all are literal text; they are read here into
// literal pieces (a class like `[wW]` or a group like `(Bot|SiteAudit)` gives one piece per choice,
// `[\s\S]*` separates two pieces that must come in order, `^` and `$` anchor the first and last piece)
// and found in one pass over the agent by an Aho-Corasick automaton, whose cost grows with the agent's
// length, not with the number of patterns. The few patterns that cannot be read so (`[^-]`, `\d+`) are
// kept as small regular expressions, run only when their leading text was found; the regex-safety test
// (tests/unit/regexSafety.test.ts) checks them with recheck.
import crawlers from 'crawler-user-agents';

/** Agents longer than this are robots: browsers send 100 to 300 characters. */
export const MAX_USER_AGENT = 512;

/**
 * A browser's shape: `Mozilla/5.0 (platform) AppleWebKit/…` (Chrome, Safari, Edge, Opera, Samsung, in-app
 * browsers) or `Mozilla/5.0 (platform) Gecko/…` (Firefox). `x`, `node`, `curl/8`, a bare `Mozilla/5.0`
 * and `Mozilla/5.0 (compatible; SomeBot/1.0)` are not.
 */
const BROWSER_SHAPE = /^Mozilla\/5\.0 \([^()]{1,300}\) (?:AppleWebKit|Gecko)\//;

/** One way a pattern can match: pieces of text in order, the first at the start, the last at the end. */
interface Alternative {
  pieces: string[];
  atStart: boolean;
  atEnd: boolean;
}

/** At most this many alternatives per pattern (`[wW]get` gives 2); beyond, the pattern is kept as a regex. */
const MAX_ALTERNATIVES = 16;

/**
 * The alternatives of a pattern written with literal text, escaped punctuation, `^`, `$`, classes of
 * single characters, groups with `|` and `[\s\S]*`; null for anything else (the pattern stays a regex).
 */
export function literalAlternatives(pattern: string): Alternative[] | null {
  let i = 0;
  type Item = { text: string } | { gap: true } | { start: true } | { end: true };
  type Seq = Item[];

  const alternation = (): Seq[] | null => {
    const all: Seq[] = [];
    for (;;) {
      const s = sequence();
      if (!s) return null;
      all.push(...s);
      if (all.length > MAX_ALTERNATIVES) return null;
      if (pattern[i] !== '|') return all;
      i++;
    }
  };
  /** A sequence of items, as every combination of its groups' and classes' choices. */
  const sequence = (): Seq[] | null => {
    let seqs: Seq[] = [[]];
    const append = (choices: Seq[]) => {
      seqs = seqs.flatMap((s) => choices.map((c) => [...s, ...c]));
      return seqs.length <= MAX_ALTERNATIVES;
    };
    while (i < pattern.length && pattern[i] !== '|' && pattern[i] !== ')') {
      const c = pattern[i];
      let choices: Seq[] | null;
      if (pattern.startsWith('[\\s\\S]*', i)) {
        i += 7;
        choices = [[{ gap: true }]];
      } else if (c === '(') {
        i++;
        choices = alternation();
        if (pattern[i] !== ')') return null;
        i++;
      } else if (c === '[') {
        const close = pattern.indexOf(']', i);
        const chars = close > i + 1 ? pattern.slice(i + 1, close) : '';
        if (!chars || /[\\^\-[]/.test(chars)) return null;
        i = close + 1;
        choices = [...chars].map((ch) => [{ text: ch }]);
      } else if (c === '\\') {
        const next = pattern[i + 1];
        if (!next || /[0-9A-Za-z]/.test(next)) return null;
        i += 2;
        choices = [[{ text: next }]];
      } else if (c === '^') {
        i++;
        choices = [[{ start: true }]];
      } else if (c === '$') {
        i++;
        choices = [[{ end: true }]];
      } else if ('.*+?{}]'.includes(c)) {
        return null;
      } else {
        i++;
        choices = [[{ text: c }]];
      }
      if (!choices) return null;
      // A quantifier after the item: not literal.
      if (i < pattern.length && '*+?{'.includes(pattern[i])) return null;
      if (!append(choices)) return null;
    }
    return seqs;
  };

  const seqs = alternation();
  if (!seqs || i !== pattern.length) return null;
  const out: Alternative[] = [];
  for (const seq of seqs) {
    const alt: Alternative = { pieces: [], atStart: false, atEnd: false };
    let text = '';
    for (const [n, item] of seq.entries()) {
      if ('start' in item) {
        if (n !== 0) return null;
        alt.atStart = true;
      } else if ('end' in item) {
        if (n !== seq.length - 1) return null;
        alt.atEnd = true;
      } else if ('gap' in item) {
        if (!text) return null;
        alt.pieces.push(text);
        text = '';
      } else text += item.text;
    }
    if (!text) return null;
    alt.pieces.push(text);
    out.push(alt);
  }
  return out;
}

/** What the automaton reports: an alternative to check further, or a regex gated by its leading text. */
type Target = { alt: Alternative } | { regex: number };

interface Node {
  next: Map<number, number>;
  fail: number;
  /** Length of the text ending here, and what it leads to (its own and, through `fail`, shorter ones). */
  hits: Array<{ length: number; target: Target }>;
}

/** The leading literal text of a pattern (escapes read), up to its first special character. */
function leadingText(pattern: string): string {
  let text = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\' && pattern[i + 1] && !/[0-9A-Za-z]/.test(pattern[i + 1])) text += pattern[++i];
    else if ('\\^$.|?*+()[]{}'.includes(c)) break;
    else text += c;
  }
  return text;
}

export interface RobotMatcher {
  test(agent: string): boolean;
  /** The patterns kept as regular expressions (checked by recheck in the regex-safety test). */
  regexes: RegExp[];
}

export function createRobotMatcher(patterns: string[]): RobotMatcher {
  const nodes: Node[] = [{ next: new Map(), fail: 0, hits: [] }];
  const add = (text: string, target: Target) => {
    let at = 0;
    for (let k = 0; k < text.length; k++) {
      const code = text.charCodeAt(k);
      let to = nodes[at].next.get(code);
      if (to === undefined) {
        to = nodes.push({ next: new Map(), fail: 0, hits: [] }) - 1;
        nodes[at].next.set(code, to);
      }
      at = to;
    }
    nodes[at].hits.push({ length: text.length, target });
  };
  const regexes: RegExp[] = [];
  /** Regexes without leading text: run on every agent (none in today's list). */
  const ungated: number[] = [];
  for (const pattern of patterns) {
    const alts = literalAlternatives(pattern);
    if (alts) {
      for (const alt of alts) add(alt.pieces[0], { alt });
      continue;
    }
    const n = regexes.push(new RegExp(pattern)) - 1;
    // Leading text before a quantifier may be optional: drop its last character then.
    let lead = leadingText(pattern);
    if ('*?{'.includes(pattern[lead.length] ?? '')) lead = lead.slice(0, -1);
    if (lead.length >= 3) add(lead, { regex: n });
    else ungated.push(n);
  }
  // Failure links, breadth first; each node inherits the hits of its failure node.
  const queue: number[] = [];
  for (const to of nodes[0].next.values()) queue.push(to);
  for (let q = 0; q < queue.length; q++) {
    const at = queue[q];
    for (const [code, to] of nodes[at].next) {
      let f = nodes[at].fail;
      while (f && !nodes[f].next.has(code)) f = nodes[f].fail;
      const target = nodes[f].next.get(code);
      nodes[to].fail = target !== undefined && target !== to ? target : 0;
      nodes[to].hits = [...nodes[to].hits, ...nodes[nodes[to].fail].hits];
      queue.push(to);
    }
  }

  const confirms = (alt: Alternative, agent: string, start: number, end: number): boolean => {
    if (alt.atStart && start !== 0) return false;
    let pos = end;
    for (let p = 1; p < alt.pieces.length; p++) {
      const piece = alt.pieces[p];
      const found = p === alt.pieces.length - 1 && alt.atEnd ? agent.lastIndexOf(piece) : agent.indexOf(piece, pos);
      if (found < pos) return false;
      pos = found + piece.length;
    }
    return !alt.atEnd || pos === agent.length;
  };

  return {
    regexes,
    test(agent) {
      if (ungated.some((n) => regexes[n].test(agent))) return true;
      // Alternatives of several pieces or regexes, once checked in vain, fail again further on: the
      // later start only narrows what follows.
      const failed = new Set<Target>();
      let at = 0;
      for (let k = 0; k < agent.length; k++) {
        const code = agent.charCodeAt(k);
        while (at && !nodes[at].next.has(code)) at = nodes[at].fail;
        at = nodes[at].next.get(code) ?? 0;
        for (const { length, target } of nodes[at].hits) {
          if (failed.has(target)) continue;
          const ok =
            'regex' in target ? regexes[target.regex].test(agent) : confirms(target.alt, agent, k + 1 - length, k + 1);
          if (ok) return true;
          if ('regex' in target || target.alt.pieces.length > 1) failed.add(target);
        }
      }
      return false;
    },
  };
}

const crawlerMatcher = createRobotMatcher(crawlers.map((c) => c.pattern));
/** The list's patterns kept as regular expressions (tests/unit/regexSafety.test.ts). */
export const crawlerRegexes = crawlerMatcher.regexes;

/** Whether the list names this agent (it must already be bounded: isRobot). */
export const isCrawler = (agent: string) => crawlerMatcher.test(agent);

export function isRobot(userAgent: string | undefined): boolean {
  if (!userAgent || userAgent.length > MAX_USER_AGENT) return true;
  if (!BROWSER_SHAPE.test(userAgent)) return true;
  return crawlerMatcher.test(userAgent);
}
