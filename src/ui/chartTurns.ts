// Charts are made one per task. uPlot's creation of a chart (its canvases, axes and first draw) costs
// 25–60 ms on a slow host; the dashboard's charts made in the same commit were one task of 55–130 ms
// (docs/performance.md, "The charts made one per task"). A chart asks for its turn once its box is
// measured; its turn ends when uPlot has made it and given it its data (or when it leaves the page), and
// the next chart's turn begins in a task of its own.

import { nextTask } from './nextTask';

interface Turn {
  begin: () => void;
  over: boolean;
}

const waiting: Turn[] = [];
let current: Turn | null = null;

function advance() {
  while (waiting.length && waiting[0].over) waiting.shift();
  if (current || !waiting.length) return;
  const turn = waiting.shift()!;
  current = turn;
  void nextTask().then(() => (turn.over ? end(turn) : turn.begin()));
}

function end(turn: Turn) {
  turn.over = true;
  if (current === turn) {
    current = null;
    advance();
  }
}

/**
 * Queues `begin`, called in a task of its own once the turns asked before have ended. Returns the end of
 * the turn, to call when the work is done; called before the turn began, it withdraws it. Idempotent.
 */
export function askTurn(begin: () => void): () => void {
  const turn: Turn = { begin, over: false };
  waiting.push(turn);
  advance();
  return () => end(turn);
}
