// The Clients badge of the sidebar: sum of propositionCount, "9+" above 9, hidden at 0.
export function propositionTotal(customers: ReadonlyArray<{ propositionCount?: number | null }>): number {
  return customers.reduce((sum, c) => sum + (Number(c.propositionCount) || 0), 0);
}

/** The badge text, or null when the badge is hidden. */
export function badgeText(total: number): string | null {
  if (!(total > 0)) return null;
  return total > 9 ? '9+' : String(total);
}
