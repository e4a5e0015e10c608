/** The URL a fetch implementation was asked for, whichever of fetch's input forms it came in. */
export const urlOf = (input: string | URL | Request): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
