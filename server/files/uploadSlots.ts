// How many uploads one user may send at once. A body is streamed to disk, so memory no longer grows with
// it, but each upload still holds a connection, disk and a share of the server's time: a third concurrent
// upload of the same user answers 429 at once, before any of its bytes is read (docs/uploads.md).
import type { FileStorage } from './storage';

/** UPLOADS_PER_USER (default 2): the bench raises it to send 4 uploads from one account. */
export const UPLOADS_PER_USER = Math.max(1, Number(process.env.UPLOADS_PER_USER) || 2);

export class UploadSlots {
  private readonly busy = new Map<number, number>();

  constructor(readonly perUser = UPLOADS_PER_USER) {}

  /** A release function, or null when the user already has `perUser` uploads in progress. */
  take(userId: number): (() => void) | null {
    const n = this.busy.get(userId) ?? 0;
    if (n >= this.perUser) return null;
    this.busy.set(userId, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.busy.get(userId) ?? 1) - 1;
      if (left <= 0) this.busy.delete(userId);
      else this.busy.set(userId, left);
    };
  }
}

// One set of slots per server instance, keyed by its storage (tests build several apps in one process,
// with the same user ids; a route plugin's Fastify instance is not the app's, the storage is shared).
const byStorage = new WeakMap<FileStorage, UploadSlots>();

export function uploadSlotsOf(files: FileStorage): UploadSlots {
  let slots = byStorage.get(files);
  if (!slots) byStorage.set(files, (slots = new UploadSlots()));
  return slots;
}
