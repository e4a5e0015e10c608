// A query of every request, built once per database (Drizzle's prepare: no SQL to build on each call, and
// a named statement, parsed and planned once per connection, on a PostgreSQL server).
import type { Db } from './client';

export function preparedPerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) built.set(db, (query = build(db)));
    return query;
  };
}
