// The last built event answers as bytes ready to send, keyed by their ETag (which names the product, the
// version of its events and the representation) and their encoding; bounded in bytes and evicted
// least recently used. A repeated cold load (a new device, an emptied browser cache, another user of the
// company) is then served without building the JSON in PostgreSQL nor compressing it again: only the cheap
// tag query runs. A changed tag simply misses.
export class AnswerCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const body = this.entries.get(key);
    if (body !== undefined) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, body);
    }
    return body;
  }

  set(key: string, body: Buffer): void {
    if (body.length > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.bytes -= old.length;
    }
    this.entries.set(key, body);
    this.bytes += body.length;
    for (const [k, value] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= value.length;
    }
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}
