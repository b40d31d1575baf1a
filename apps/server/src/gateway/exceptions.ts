import type { Database } from '../platform/db.ts';

export type ExceptionKind =
  | 'too_large'
  | 'unknown_code'
  | 'malformed_json'
  | 'invalid_payload'
  | 'unknown_terminal'
  | 'unbound_terminal'
  | 'store_failed';

/**
 * Records terminal exceptions (/dev/terminal_exception). A terminal that floods garbage is
 * capped at `perMinute` records a minute; the rest only count in `dropped`.
 */
export class ExceptionRecorder {
  dropped = 0;
  recorded = 0;
  private window = new Map<string, { start: number; n: number }>();
  constructor(
    private db: Database,
    private perMinute = 20,
  ) {}

  record(e: {
    terminalId: string | null;
    companyId: number | null;
    topic: string;
    kind: ExceptionKind;
    message: string;
    payload?: Buffer | string;
  }): Promise<void> {
    const key = e.terminalId ?? '?';
    const now = Date.now();
    const w = this.window.get(key);
    if (!w || now - w.start > 60_000) this.window.set(key, { start: now, n: 1 });
    else if (++w.n > this.perMinute) {
      this.dropped++;
      return Promise.resolve();
    }
    if (this.window.size > 50_000) this.window.clear();
    this.recorded++;
    const payload =
      e.payload === undefined
        ? null
        : (Buffer.isBuffer(e.payload) ? e.payload.subarray(0, 2000).toString('utf8') : e.payload.slice(0, 2000)).replaceAll(
            String.fromCharCode(0),
            '',
          );
    return this.db
      .insertInto('terminal_exception')
      .values({
        terminal_id: e.terminalId,
        company_id: e.companyId,
        topic: e.topic.slice(0, 300),
        kind: e.kind,
        message: e.message.slice(0, 2000),
        payload,
      })
      .execute()
      .then(
        () => undefined,
        () => undefined,
      );
  }
}
