// src/app/zodConfig.ts sets zod's `jitless` without importing zod (the sign-in page's first load does
// without it): it writes the object zod keeps its settings in. These checks fail if zod stops reading it.
import '../../src/app/zodConfig';

import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/** Runs `body` counting the functions built from strings (zod's JIT and its eval probe). */
function stringFunctionsBuiltBy(body: () => void): number {
  const original = globalThis.Function;
  let built = 0;
  globalThis.Function = new Proxy(original, {
    construct(target, args: string[]) {
      built++;
      return Reflect.construct(target, args);
    },
    apply(target, self, args: string[]) {
      built++;
      return Reflect.apply(target, self, args);
    },
  });
  try {
    body();
  } finally {
    globalThis.Function = original;
  }
  return built;
}

const parseAnObject = () => {
  const schema = z.object({ mail: z.string(), age: z.number() });
  for (let i = 0; i < 3; i++) schema.parse({ mail: 'a@b.fr', age: 3 });
};

describe('zod jitless setting (src/app/zodConfig.ts)', () => {
  it('is the one zod reads', () => {
    expect(z.config().jitless).toBe(true);
    expect(z.config()).toBe((globalThis as { __zod_globalConfig?: object }).__zod_globalConfig);
  });

  it('keeps zod from building code from strings when it parses an object', () => {
    expect(stringFunctionsBuiltBy(parseAnObject)).toBe(0);
    // The same check sees zod's JIT when it is allowed (what the CSP would refuse in the browser).
    const set = z.config().jitless;
    z.config({ jitless: false });
    try {
      expect(stringFunctionsBuiltBy(parseAnObject)).toBeGreaterThan(0);
    } finally {
      z.config({ jitless: set });
    }
  });
});
