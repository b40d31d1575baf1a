// Runs the embedded PGlite database in a worker thread (started by pglite-thread.ts), so the
// WebAssembly PostgreSQL gets a core of its own and the main event loop keeps serving the MQTT
// broker, the ingest and the live channel while a statement runs.
// workerData: { dir: string | null } (null: in memory).
// In:  { id, sql, params } | { id, close: true }
// Out: { ready: true } | { ready: false, error } once at start, then per request
//      { id, rows, affectedRows } | { id, error: { message, ...PostgreSQL error fields } } | { id, closed: true }
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

// the fields of a PostgreSQL error (pg-protocol DatabaseError) that callers map to catalogue codes
const ERROR_FIELDS = [
  'code',
  'severity',
  'detail',
  'hint',
  'position',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
];

function plainError(err) {
  const out = { name: err?.name ?? 'Error', message: err instanceof Error ? err.message : String(err) };
  for (const f of ERROR_FIELDS) if (err && err[f] !== undefined) out[f] = err[f];
  return out;
}

// pg_trgm backs the keyword search indexes (migration 0011)
const extensions = { pg_trgm };
const client = workerData.dir ? new PGlite(workerData.dir, { extensions }) : new PGlite({ extensions });

try {
  await client.waitReady;
  parentPort.postMessage({ ready: true });
} catch (err) {
  parentPort.postMessage({ ready: false, error: plainError(err) });
  process.exit(1);
}

parentPort.on('message', async (m) => {
  if (m.close) {
    if (!client.closed) await client.close().catch(() => undefined);
    parentPort.postMessage({ id: m.id, closed: true });
    parentPort.close();
    return;
  }
  try {
    const r = await client.query(m.sql, m.params);
    parentPort.postMessage({ id: m.id, rows: r.rows, affectedRows: r.affectedRows });
  } catch (err) {
    parentPort.postMessage({ id: m.id, error: plainError(err) });
  }
});
