// The reads of every request (the session's user, a product's events version and columns, a viewer key),
// as named statements: parsed and planned once per connection, then only bound and executed.
//
// Why not Drizzle's prepare: on PostgreSQL it names the statement too, but on PGlite its query() sends
// parse, describe, bind, describe, execute and sync as six calls into the WebAssembly database, and plans
// the query each time (each plan asks the file system for the size of every table and index it reads).
// Measured on the 10 000-product bench data: 0.85 to 1 ms of CPU per one-row query that way, 0.06 ms as a
// named statement bound and executed in one call (docs/performance.md, "Named statements on PGlite").
//
// Only for reads: on PGlite nothing is synced to the data directory after them. Parameters are given as
// text and typed by the SQL ($1::int); columns of types whose parsing differs between the drivers (int8,
// numeric, dates) are cast to text or int in the SQL, so both drivers answer the same rows.
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { serialize } from 'pg-protocol';

import type { Db } from './client';

type Value = string | number | boolean | null;

interface Field {
  name: string;
  dataTypeID: number;
}

interface Message {
  name: string;
  fields?: unknown[];
}

/** Per PGlite instance, the columns of each statement already parsed there (by name). */
const parsedOn = new WeakMap<PGlite, Map<string, Promise<Field[]>>>();

function clientOf(db: Db): { pglite: PGlite } | { pool: pg.Pool } {
  const client = (db as unknown as { $client: unknown }).$client;
  // PGlite speaks the wire protocol in process (execProtocol); otherwise it is node-postgres's Pool.
  if (typeof (client as PGlite).execProtocol === 'function') return { pglite: client as PGlite };
  return { pool: client as pg.Pool };
}

/** Runs wire protocol messages when PGlite is free (not inside another caller's transaction). */
function exclusive(client: PGlite, messages: Uint8Array): Promise<Message[]> {
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => (await client.execProtocol(messages, { syncToFs: false })).messages),
  );
}

function concat(parts: Uint8Array[]): Uint8Array {
  return Buffer.concat(parts);
}

async function parseOn(client: PGlite, name: string, text: string): Promise<Field[]> {
  let parsed = parsedOn.get(client);
  if (!parsed) parsedOn.set(client, (parsed = new Map<string, Promise<Field[]>>()));
  let fields = parsed.get(name);
  if (!fields) {
    fields = exclusive(
      client,
      concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
    ).then((messages) => {
      const description = messages.find((m) => m.name === 'rowDescription') as { fields: Field[] } | undefined;
      return (description?.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
    });
    // A failed parse (a mistake in the SQL) is not kept: the next call reports it again.
    fields.catch(() => parsed.delete(name));
    parsed.set(name, fields);
  }
  return fields;
}

async function runOnPglite<Row>(client: PGlite, name: string, text: string, values: Value[]): Promise<Row[]> {
  const fields = await parseOn(client, name, text);
  const messages = await exclusive(
    client,
    concat([
      serialize.bind({ statement: name, values: values.map((v) => (v === null ? null : String(v))) }),
      serialize.execute({}),
      serialize.sync(),
    ]),
  );
  const rows: Row[] = [];
  for (const m of messages) {
    if (m.name !== 'dataRow') continue;
    const row: Record<string, unknown> = {};
    fields.forEach((f, i) => {
      const raw = m.fields![i] as string | null;
      const parse = client.parsers[f.dataTypeID];
      row[f.name] = raw === null || !parse ? raw : parse(raw, f.dataTypeID);
    });
    rows.push(row as Row);
  }
  return rows;
}

/**
 * A read statement named `name` (unique in the process) of SQL `text` with $1… parameters; the returned
 * function runs it on either database and answers its rows, named by the SQL's column aliases.
 */
export function readStatement<Row>(name: string, text: string): (db: Db, values: Value[]) => Promise<Row[]> {
  return async (db, values) => {
    const client = clientOf(db);
    if ('pglite' in client) return runOnPglite<Row>(client.pglite, name, text, values);
    const result = await client.pool.query({ name, text, values });
    return result.rows as Row[];
  };
}

/** The first column of the first DataRow of a raw wire protocol answer, as bytes; an ErrorResponse throws. */
function firstField(answer: Uint8Array): Buffer | null {
  const b = Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength);
  for (let at = 0; at + 5 <= b.length; at += 1 + b.readInt32BE(at + 1)) {
    const type = String.fromCharCode(b[at]);
    if (type === 'E') throw new Error(`PGlite: ${b.subarray(at + 5, at + 1 + b.readInt32BE(at + 1)).toString('utf8')}`);
    if (type !== 'D') continue;
    const length = b.readInt32BE(at + 7);
    return length < 0 ? null : b.subarray(at + 11, at + 11 + length);
  }
  return null;
}

/**
 * A read statement answering one bytea value (its first column, first row), or null without a row. On
 * PGlite the value comes in binary format from the raw answer: its own bytea parser turns the hex text into
 * bytes in JavaScript (1.5 ms for 27 KB, as long as building a stored events answer again; 0.1 ms so). On
 * PostgreSQL, node-postgres's own parser (native hex decoding).
 */
export function readBytesStatement(name: string, text: string): (db: Db, values: Value[]) => Promise<Buffer | null> {
  const read = readStatement<Record<string, Buffer>>(name, text);
  return async (db, values) => {
    const client = clientOf(db);
    if ('pool' in client) {
      const [row] = await read(db, values);
      return row ? Object.values(row)[0] : null;
    }
    const pglite = client.pglite;
    await parseOn(pglite, name, text);
    const message = concat([
      serialize.bind({ statement: name, values: values.map((v) => (v === null ? null : String(v))), binary: true }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    // The raw stream: the answer's bytes as they come, which PGlite's own parser then does not decode as
    // text (execProtocolRaw does, 0.7 ms for 27 KB of binary). Copied: they are views of its memory.
    const parts: Buffer[] = [];
    await pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(() =>
        pglite.execProtocolRawStream(message, {
          syncToFs: false,
          onRawData: (data) => void parts.push(Buffer.from(data)),
        }),
      ),
    );
    return firstField(Buffer.concat(parts));
  };
}
