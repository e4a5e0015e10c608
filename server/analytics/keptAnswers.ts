// Summary answers kept per product events version (the key names the product and its version, renewed
// by the database whenever any of its events changes: see migration 0003), so a summary is computed once
// per version whoever asks; callers asking for one being computed share its promise. Bounded in entries,
// least recently used evicted. A failed computation is not kept.
export class KeptAnswers<V> {
  private readonly done = new Map<string, V>();
  private readonly pending = new Map<string, Promise<V>>();

  constructor(private readonly maxEntries: number) {}

  get(key: string): V | undefined {
    const v = this.done.get(key);
    if (v !== undefined) {
      this.done.delete(key);
      this.done.set(key, v);
    }
    return v;
  }

  set(key: string, value: V): void {
    this.done.delete(key);
    this.done.set(key, value);
    while (this.done.size > this.maxEntries) this.done.delete(this.done.keys().next().value as string);
  }

  /** The kept answer, the one being computed, or a new computation. */
  async getOrCompute(key: string, compute: () => Promise<V>): Promise<V> {
    const kept = this.get(key);
    if (kept !== undefined) return kept;
    let running = this.pending.get(key);
    if (!running) {
      running = compute()
        .then((v) => {
          this.set(key, v);
          return v;
        })
        .finally(() => this.pending.delete(key));
      this.pending.set(key, running);
    }
    return running;
  }

  /** A computation under way for this key, if any. */
  computing(key: string): Promise<V> | undefined {
    return this.pending.get(key);
  }

  /** Registers a computation of several keys at once (one query for a batch of products). */
  track(key: string, running: Promise<V>): void {
    this.pending.set(key, running);
    running
      .then(
        (v) => this.set(key, v),
        () => undefined,
      )
      .finally(() => this.pending.delete(key));
  }

  get size(): number {
    return this.done.size;
  }
}
