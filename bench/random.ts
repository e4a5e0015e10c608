// A deterministic generator for the micro-benchmarks' synthetic data (same figures every run): a 32-bit
// linear congruential generator. The multiplication is Math.imul's: a plain `seed * 1103515245` exceeds
// 2^53 and loses its low bits, and the sequence then falls into a short cycle (one month of
// bench/ranking.ts's events held ~900 distinct sessions instead of ~100 000, bench/notes.md sixteenth pass).
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
}
