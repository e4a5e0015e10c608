// The last built event answers, keyed by their ETag (which names the product, its event count and highest
// id, and the representation), bounded in bytes and evicted least recently used. A repeated cold load (a
// new device, an emptied browser cache, another user of the company) is then served without building the
// JSON again in PostgreSQL; only the cheap tag query runs. A changed tag simply misses.
export class AnswerCache {
  private readonly entries = new Map<string, string>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(tag: string): string | undefined {
    const body = this.entries.get(tag);
    if (body !== undefined) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(tag);
      this.entries.set(tag, body);
    }
    return body;
  }

  set(tag: string, body: string): void {
    if (body.length > this.maxBytes) return;
    const old = this.entries.get(tag);
    if (old !== undefined) {
      this.entries.delete(tag);
      this.bytes -= old.length;
    }
    this.entries.set(tag, body);
    this.bytes += body.length;
    for (const [key, value] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(key);
      this.bytes -= value.length;
    }
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}
