// Named read statements (server/db/statements.ts) on the database the tests run on (PGlite, or PostgreSQL
// with TEST_DATABASE_URL): the same rows and types on both drivers, a mistake reported every time, and on
// PGlite never a read slipped into another caller's open transaction.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { entreprises } from '../../server/db/schema';
import { readStatement } from '../../server/db/statements';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const typed = readStatement<{ n: number; s: string; b: boolean; none: string | null; big: string }>(
  'test_typed',
  `select $1::int + 1 as "n", $2::text as "s", $1::int > 0 as "b", null::text as "none", 9007199254740993::int8::text as "big"`,
);

const companyByName = readStatement<{ id: number }>(
  'test_company_by_name',
  `select entreprise_id as "id" from entreprises where nom_entreprise = $1::text`,
);

describe('named read statements', () => {
  it('answer rows named by their aliases, with the same types on both drivers, parameter by parameter', async () => {
    expect(await typed(t.database.db, [41, 'été'])).toEqual([
      { n: 42, s: 'été', b: true, none: null, big: '9007199254740993' },
    ]);
    // Parsed once, bound again with other values.
    expect(await typed(t.database.db, [-5, 'x'])).toEqual([
      { n: -4, s: 'x', b: false, none: null, big: '9007199254740993' },
    ]);
    expect(await companyByName(t.database.db, ['aucune entreprise de ce nom'])).toEqual([]);
  });

  it('report a mistake in the SQL on every call, and a bad parameter without breaking later calls', async () => {
    const broken = readStatement('test_broken', 'select nothing_here from entreprises where entreprise_id = $1::int');
    await expect(broken(t.database.db, [1])).rejects.toThrow(/nothing_here/);
    await expect(broken(t.database.db, [1])).rejects.toThrow(/nothing_here/);
    await expect(typed(t.database.db, ['pas un nombre', 'x'])).rejects.toThrow();
    expect(await typed(t.database.db, [1, 'y'])).toEqual([
      { n: 2, s: 'y', b: true, none: null, big: '9007199254740993' },
    ]);
  });

  it('never see what another caller has not committed', async () => {
    const name = `Lecture nommée ${Date.now()}`;
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const rolledBack = t.database.db
      .transaction(async (tx) => {
        await tx.insert(entreprises).values({ nomEntreprise: name });
        inserted();
        await new Promise((resolve) => setTimeout(resolve, 150));
        throw new Error('annulée');
      })
      .catch((err: Error) => err.message);
    await insertedYet;
    // Started while the transaction holds the uncommitted row: on PGlite (one connection) it waits for the
    // transaction to end; on PostgreSQL it runs on another connection. Either way the row is not there.
    expect(await companyByName(t.database.db, [name])).toEqual([]);
    expect(await rolledBack).toBe('annulée');
    expect(await t.database.db.select().from(entreprises).where(eq(entreprises.nomEntreprise, name))).toEqual([]);
  });
});
