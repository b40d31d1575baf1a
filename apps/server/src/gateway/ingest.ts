import {
  DEVICE_ACTIONS,
  DIRECTIONS,
  DOOR_STATES,
  MAX_PAYLOAD_BYTES,
  RUN_STATES,
  type TLiveEvent,
  type TU01Status,
  type TUpstream,
  UP_CODES,
  UPSTREAM,
} from '@liftguard/contract';
import { sql } from 'kysely';
import { alertingFor } from '../modules/fault/service.ts';
import { type Bus, Channels } from '../platform/bus.ts';
import { type Database, urgently } from '../platform/db.ts';
import type { TerminalDirectory, TerminalEntry } from './directory.ts';
import type { ExceptionRecorder } from './exceptions.ts';
import { publishLive } from './live-events.ts';
import type { Presence } from './presence.ts';
import type { StatusStore } from './status-store.ts';

/** Live state of one terminal kept in memory. */
export type LiveStatus = { status: TU01Status; at: number };

type Deps = {
  db: Database;
  bus: Bus;
  directory: TerminalDirectory;
  presence: Presence;
  store: StatusStore;
  exceptions: ExceptionRecorder;
  onError: (err: unknown) => void;
};

const EVENT_CODES = new Set(['U03', 'U04', 'U05']);
const KNOWN_CODES = new Set<string>(UP_CODES);
const RECENT_IDS = 128;
const DIRECTION_SET = new Set<string>(DIRECTIONS);
const DOOR_SET = new Set<string>(DOOR_STATES);
const RUN_STATE_SET = new Set<string>(RUN_STATES);

const int = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= max;

/**
 * Fast path of the U01 check, the most frequent message by far: plain checks that accept only
 * what `ZU01Status` accepts and build the same output (unknown keys dropped, `occupied`
 * defaulted). Anything it does not accept goes through zod, which gives the verdict and the
 * error text, so the fast path can be stricter than the schema but never looser.
 */
export function fastU01(json: unknown): TU01Status | null {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  const o = json as Record<string, unknown>;
  const { mid, ts, floor, floor_display, direction, door, run_state, occupied, speed } = o;
  if (typeof mid !== 'string' || mid.length < 1 || mid.length > 64) return null;
  if (!int(ts, 0, Number.MAX_SAFE_INTEGER)) return null;
  if (!int(floor, -64, 64)) return null;
  if (typeof floor_display !== 'string' || floor_display.length > 8) return null;
  if (typeof direction !== 'string' || !DIRECTION_SET.has(direction)) return null;
  if (typeof door !== 'string' || !DOOR_SET.has(door)) return null;
  if (typeof run_state !== 'string' || !RUN_STATE_SET.has(run_state)) return null;
  if (occupied !== undefined && typeof occupied !== 'boolean') return null;
  if (speed !== undefined && !(typeof speed === 'number' && Number.isFinite(speed) && speed >= 0 && speed <= 20)) return null;
  const out = {
    mid,
    ts,
    floor,
    floor_display,
    direction,
    door,
    run_state,
    occupied: occupied ?? false,
  } as TU01Status;
  if (speed !== undefined) out.speed = speed;
  return out;
}

/**
 * The ingest pipeline: cap → code → JSON → zod → dedupe by message id → live state →
 * persistence (faults and help at once, status as batched changes) → bus and live channel.
 * Nothing a terminal sends can throw out of here.
 */
export class Ingest {
  readonly live = new Map<string, LiveStatus>();
  private recent = new Map<string, { ids: Set<string>; ring: string[]; next: number }>();
  private chains = new Map<string, Promise<void>>();
  counters = { received: 0, accepted: 0, duplicates: 0, rejected: 0, status: 0 };

  constructor(private d: Deps) {}

  handle(terminalId: string, code: string, payload: Buffer, topic: string): void {
    this.counters.received++;
    const cached = this.d.directory.peek(terminalId);
    if (cached !== undefined) {
      this.process(terminalId, code, payload, topic, cached);
      return;
    }
    this.d.directory.get(terminalId).then(
      (entry) => this.process(terminalId, code, payload, topic, entry),
      (err) => this.d.onError(err),
    );
  }

  private process(terminalId: string, code: string, payload: Buffer, topic: string, entry: TerminalEntry | null): void {
    const reject = (kind: Parameters<ExceptionRecorder['record']>[0]['kind'], message: string) => {
      this.counters.rejected++;
      void this.d.exceptions.record({ terminalId, companyId: entry?.companyId ?? null, topic, kind, message, payload });
    };
    if (!entry) {
      reject('unknown_terminal', `terminal ${terminalId} is not registered`);
      return;
    }
    if (payload.length > MAX_PAYLOAD_BYTES) {
      reject('too_large', `payload of ${payload.length} bytes exceeds ${MAX_PAYLOAD_BYTES}`);
      return;
    }
    if (!KNOWN_CODES.has(code)) {
      reject('unknown_code', `unknown message code ${code}`);
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch (err) {
      reject('malformed_json', err instanceof Error ? err.message : 'not JSON');
      return;
    }
    const fast = code === 'U01' ? fastU01(json) : null;
    const parsed = fast ? { success: true as const, data: fast } : UPSTREAM[code as keyof typeof UPSTREAM].safeParse(json);
    if (!parsed.success) {
      const detail = parsed.error.issues
        .slice(0, 5)
        .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
        .join('; ');
      reject('invalid_payload', `${code}: ${detail}`);
      return;
    }
    const msg = parsed.data as { mid: string; ts: number };
    if (this.isDuplicate(terminalId, msg.mid)) {
      this.counters.duplicates++;
      return;
    }
    this.d.presence.seen(terminalId);
    this.counters.accepted++;

    if (code === 'U01') {
      this.counters.status++;
      const status = parsed.data as TU01Status;
      const now = Date.now();
      this.live.set(terminalId, { status, at: now });
      this.d.store.record(entry.liftId, terminalId, status, new Date(now));
      this.emit(entry, code, status);
      return;
    }
    this.d.store.touch(terminalId);
    if (code === 'U02') return;
    if (EVENT_CODES.has(code)) {
      if (entry.liftId === null || entry.companyId === null) {
        reject('unbound_terminal', `terminal ${terminalId} is not bound to a lift`);
        return;
      }
      // on embedded PGlite (one connection) these writes go ahead of queued status batches and jobs
      this.serially(terminalId, () => urgently(() => this.storeEvent(entry, code as 'U03' | 'U04' | 'U05', parsed.data as never)));
      return;
    }
    if (code === 'ack') {
      const ack = parsed.data as TUpstream['ack'];
      void this.d.bus.publish(Channels.commandAck, { terminalId, cmdId: ack.cmd_id, result: ack.result, reason: ack.reason ?? null });
    }
    this.emit(entry, code, parsed.data as Record<string, unknown>);
  }

  /** in-memory dedupe of the last message ids of each terminal (event codes are also deduped in the database) */
  private isDuplicate(terminalId: string, mid: string): boolean {
    let r = this.recent.get(terminalId);
    if (!r) {
      r = { ids: new Set(), ring: [], next: 0 };
      this.recent.set(terminalId, r);
    }
    if (r.ids.has(mid)) return true;
    r.ids.add(mid);
    // ring of the last RECENT_IDS ids: the oldest leaves the set as a new one comes in
    if (r.ring.length < RECENT_IDS) r.ring.push(mid);
    else {
      r.ids.delete(r.ring[r.next] as string);
      r.ring[r.next] = mid;
      r.next = (r.next + 1) % RECENT_IDS;
    }
    return false;
  }

  private serially(terminalId: string, fn: () => Promise<void>): void {
    const prev = this.chains.get(terminalId) ?? Promise.resolve();
    const next = prev.then(fn).catch((err) => {
      this.d.onError(err);
      void this.d.exceptions.record({
        terminalId,
        companyId: null,
        topic: 'store',
        kind: 'store_failed',
        message: err instanceof Error ? err.message : String(err),
      });
    });
    this.chains.set(terminalId, next);
    void next.then(() => {
      if (this.chains.get(terminalId) === next) this.chains.delete(terminalId);
    });
  }

  /** the event writes queued right now (faults, help): status batches wait for them */
  async eventsIdle(): Promise<void> {
    if (this.chains.size > 0) await Promise.all([...this.chains.values()]);
  }

  /** wait for every queued event write (tests, shutdown) */
  async settle(): Promise<void> {
    while (this.chains.size > 0) await Promise.all([...this.chains.values()]);
  }

  private async firstDelivery(terminalId: string, mid: string): Promise<boolean> {
    const row = await this.d.db
      .insertInto('mqtt_message_seen')
      .values({ terminal_id: terminalId, mid })
      .onConflict((oc) => oc.doNothing())
      .returning('mid')
      .executeTakeFirst();
    return row !== undefined;
  }

  private async storeEvent(
    entry: TerminalEntry,
    code: 'U03' | 'U04' | 'U05',
    data: TUpstream['U03'] & TUpstream['U04'] & TUpstream['U05'],
  ): Promise<void> {
    const { db, bus } = this.d;
    const liftId = entry.liftId as number;
    const companyId = entry.companyId as number;
    // faults: the alert settings are read while the fault is written, and the browsers are told
    // before the other subscribers (SMS, push) are
    const alerting =
      code === 'U03' ? alertingFor({ db }, companyId, data.code).catch(() => ({ screen: true })) : Promise.resolve({ screen: true });
    const occurredAt = new Date(data.ts > 0 && Math.abs(Date.now() - data.ts) < 86_400_000 ? data.ts : Date.now());
    if (code === 'U03') {
      // one round trip: the message id is recorded and the fault written (or its repeat counted)
      // only when that id is new — no row back means a duplicate delivery
      const row = await db
        .with('seen', (w) =>
          w
            .insertInto('mqtt_message_seen')
            .values({ terminal_id: entry.terminalId, mid: data.mid })
            .onConflict((oc) => oc.doNothing())
            .returning('mid'),
        )
        .insertInto('fault')
        .columns(['lift_id', 'company_id', 'terminal_id', 'code', 'floor', 'floor_display', 'occurred_at', 'message_id', 'trapped'])
        .expression((eb) =>
          eb
            .selectFrom('seen')
            .select((q) => [
              q.cast<number>(q.val(liftId), 'integer').as('lift_id'),
              q.cast<number>(q.val(companyId), 'integer').as('company_id'),
              q.cast<string>(q.val(entry.terminalId), 'text').as('terminal_id'),
              q.cast<string>(q.val(data.code), 'text').as('code'),
              q.cast<number | null>(q.val(data.floor), 'integer').as('floor'),
              q.cast<string | null>(q.val(data.floor_display), 'text').as('floor_display'),
              q.cast<Date>(q.val(occurredAt), 'timestamptz').as('occurred_at'),
              q.ref('seen.mid').as('message_id'),
              q.cast<boolean>(q.val(data.trapped), 'boolean').as('trapped'),
            ]),
        )
        .onConflict((oc) =>
          oc
            .columns(['lift_id', 'code'])
            .where('solved_at', 'is', null)
            .where('state', '=', 'untreated')
            .doUpdateSet({
              repeat_count: sql`fault.repeat_count + 1`,
              trapped: sql`fault.trapped or excluded.trapped`,
              floor: (eb) => eb.ref('excluded.floor'),
              floor_display: (eb) => eb.ref('excluded.floor_display'),
            }),
        )
        .returning(['id', 'repeat_count', 'trapped'])
        .executeTakeFirst();
      if (!row) {
        this.counters.duplicates++;
        return;
      }
      const fault = {
        faultId: row.id,
        liftId,
        companyId,
        terminalId: entry.terminalId,
        code: data.code,
        trapped: row.trapped,
        repeat: row.repeat_count,
        occurredAt: occurredAt.toISOString(),
      };
      // the company's "on screen" choice for this code: the browser pops a notice only when true
      const alert_screen = (await alerting).screen;
      this.emit(entry, 'U03', {
        ...data,
        fault_id: row.id,
        repeat_count: row.repeat_count,
        trapped: row.trapped,
        floor: data.floor,
        floor_display: data.floor_display,
        alert_screen,
      });
      const added =
        row.repeat_count === 1
          ? publishLive(bus, entry, 'addF', { fault_id: row.id, code: data.code, trapped: row.trapped, alert_screen })
          : undefined;
      await Promise.all([bus.publish(Channels.faultRaised, fault), added]);
      return;
    }
    if (!(await this.firstDelivery(entry.terminalId, data.mid))) {
      this.counters.duplicates++;
      return;
    }
    if (code === 'U04') {
      const rows = await db
        .updateTable('fault')
        .set({ solved_at: occurredAt })
        .where('lift_id', '=', liftId)
        .where('code', '=', data.code)
        .where('solved_at', 'is', null)
        .where('state', '=', 'untreated')
        .returning(['id'])
        .execute();
      for (const r of rows) {
        await bus.publish(Channels.faultSolved, {
          faultId: r.id,
          liftId,
          companyId,
          terminalId: entry.terminalId,
          code: data.code,
          solvedAt: occurredAt.toISOString(),
        });
        this.emit(entry, 'U04', { ...data, fault_id: r.id });
        await publishLive(bus, entry, 'delF', { fault_id: r.id, code: data.code });
      }
      return;
    }
    const help = await db
      .insertInto('help_event')
      .values({
        lift_id: liftId,
        company_id: companyId,
        terminal_id: entry.terminalId,
        room_id: data.room_id,
        floor: data.floor,
        occurred_at: occurredAt,
        message_id: data.mid,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await bus.publish(Channels.helpRaised, {
      helpId: help.id,
      liftId,
      companyId,
      terminalId: entry.terminalId,
      roomId: data.room_id,
      floor: data.floor,
    });
    this.emit(entry, 'U05', { ...data, help_id: help.id });
  }

  private emit(entry: TerminalEntry, code: string, data: Record<string, unknown>): void {
    let action: TLiveEvent['action'] = DEVICE_ACTIONS[code as keyof typeof DEVICE_ACTIONS] ?? 'status_report';
    if (code === 'U08' && data.kind === 'apk') action = 'return_update_apk';
    void publishLive(this.d.bus, entry, action, data, code).catch((err) => this.d.onError(err));
  }
}
