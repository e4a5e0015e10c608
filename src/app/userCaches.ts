// Everything cached for the signed-in user, deleted at logout and on a 401 so nothing is left for the
// next person on the PC. Areas register their cleaners here (the analytics cache, runtime caches).
type Cleaner = () => Promise<void> | void;
const cleaners = new Set<Cleaner>();

export function registerUserCacheCleaner(cleaner: Cleaner): void {
  cleaners.add(cleaner);
}

export async function clearUserCaches(): Promise<void> {
  await Promise.allSettled([...cleaners].map(async (c) => c()));
}
