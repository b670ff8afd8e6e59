import type { DatabaseHandle } from '@actuate/service-kit';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** pg-boss polls the same database; its statements are not the request's. */
const JOB_QUEUE_STATEMENT = /pgboss/i;

/**
 * Records the SQL statements the platform sends to its database while `work` runs: one entry per
 * statement, i.e. per round trip (BEGIN and COMMIT included). On PGlite it reads the protocol
 * messages (`P` parse, `Q` simple query) the client writes; on PostgreSQL every `Client.query` call.
 */
export async function statementsDuring(
  database: DatabaseHandle,
  work: () => Promise<unknown>,
): Promise<string[]> {
  const statements: string[] = [];
  const record = (text: string) => {
    if (!JOB_QUEUE_STATEMENT.test(text)) statements.push(text.trim());
  };
  const restore =
    database.kind === 'pglite'
      ? watchPglite((database.db as unknown as { $client: PGlite }).$client, record)
      : watchPostgres(record);
  try {
    await work();
  } finally {
    restore();
  }
  return statements;
}

function watchPglite(client: PGlite, record: (text: string) => void): () => void {
  const original = client.execProtocolStream.bind(client);
  const decoder = new TextDecoder();
  const cString = (bytes: Uint8Array, from: number) => {
    const end = bytes.indexOf(0, from);
    return { text: decoder.decode(bytes.subarray(from, end)), next: end + 1 };
  };
  client.execProtocolStream = ((message: Uint8Array, options?: unknown) => {
    const kind = String.fromCharCode(message[0] ?? 0);
    // Parse: 'P', length, statement name, query text; simple query: 'Q', length, query text.
    if (kind === 'P') record(cString(message, cString(message, 5).next).text);
    if (kind === 'Q') record(cString(message, 5).text);
    return original(message, options as never);
  }) as typeof client.execProtocolStream;
  return () => {
    client.execProtocolStream = original;
  };
}

function watchPostgres(record: (text: string) => void): () => void {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const config = args[0];
    record(typeof config === 'string' ? config : String((config as { text?: string }).text ?? ''));
    return original.apply(this, args);
  };
  return () => {
    prototype.query = original;
  };
}
