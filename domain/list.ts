// Lists arrive as a plain array, as .NET's {"$id","$values":[...]} or as {values: [...]} (docs/product.md §1.3).
export class UnexpectedListFormatError extends Error {
  constructor(what?: string) {
    super(what ? `Unexpected response format for ${what}` : 'Unexpected response format');
    this.name = 'UnexpectedListFormatError';
  }
}

/** Returns the list inside any accepted shape, or throws UnexpectedListFormatError. */
export function normaliseList<T>(data: unknown, what?: string): T[] {
  if (Array.isArray(data)) return data as T[];
  if (data && typeof data === 'object') {
    const o = data as Record<string, unknown>;
    if (Array.isArray(o.$values)) return o.$values as T[];
    if (Array.isArray(o.values)) return o.values as T[];
  }
  throw new UnexpectedListFormatError(what);
}

/** The server's list shape, as the provider's .NET service answers. */
export function dotnetList<T>(values: T[]): { $id: string; $values: T[] } {
  return { $id: '1', $values: values };
}
