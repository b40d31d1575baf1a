import { BROADCAST_ACTIONS, type TLiveEvent } from '@liftguard/contract';
import type { WebSocket } from 'ws';
import type { LiveEnvelope } from '../gateway/live-events.ts';
import type { AuthContext } from '../platform/auth.ts';
import { type Bus, Channels } from '../platform/bus.ts';
import { grantedCommunities } from '../platform/scope.ts';

/**
 * `lifts`: for a membership narrowed to some communities, the ids of the lifts it may see (null =
 * no narrowing); kept fresh by the hub's loader.
 */
type Connection = { socket: WebSocket; auth: AuthContext; terminals: Set<string>; lifts: Set<number> | null; stale: boolean };

/** Ids of the lifts of the granted communities in the connection's scope (see platform/scope.ts liftInScope). */
export type GrantedLiftsLoader = (auth: AuthContext) => Promise<Set<number>>;

const broadcast = new Set<string>(BROADCAST_ACTIONS);
/** a slow browser with this much queued is skipped for status frames rather than buffering without end */
const MAX_BUFFERED = 1_048_576;

/**
 * Fan-out of live events to the browsers connected to this instance. Every event carries the
 * company path of its lift; a connection sees it only when that path lies in its current
 * scope. Alerts (faults, help, dashboard changes) go to every connection in scope; device
 * reports only to connections subscribed to the terminal. A connection narrowed to some
 * communities also needs the event's lift among those of its communities (the set is loaded
 * before the channel opens, refreshed every `refreshMs` and soon after an unknown lift shows up;
 * events of no lift but of a terminal are not sent to it).
 */
export class LiveHub {
  private connections = new Set<Connection>();
  private unsubs: Array<() => void>;
  delivered = 0;

  private refreshTimer: NodeJS.Timeout | null = null;
  private refreshSoon: NodeJS.Timeout | null = null;

  constructor(
    bus: Bus,
    private readonly loadLifts: GrantedLiftsLoader | null = null,
    private readonly refreshMs = 30_000,
  ) {
    this.unsubs = [
      bus.subscribe(Channels.live, (m) => this.dispatch(m as LiveEnvelope)),
      bus.subscribe(Channels.sessionEnded, (m) => this.endSession(m as { sessionId?: number; reason?: string })),
    ];
  }

  /** Is this auth narrowed to granted communities (its live events then filtered by lift)? */
  static narrowed(auth: AuthContext): boolean {
    return (
      auth.scopePath !== null &&
      grantedCommunities({ scopePath: auth.scopePath, communityIds: auth.communityIds, isRoot: auth.isRoot }) !== null
    );
  }

  /** The lift ids a narrowed connection may see (empty when no loader is set: nothing of a lift is sent). */
  async grantedLifts(auth: AuthContext): Promise<Set<number> | null> {
    if (!LiveHub.narrowed(auth)) return null;
    return this.loadLifts ? this.loadLifts(auth) : new Set();
  }

  private async refresh(onlyStale: boolean): Promise<void> {
    if (!this.loadLifts) return;
    for (const c of this.connections) {
      if (!c.lifts || (onlyStale && !c.stale)) continue;
      c.stale = false;
      try {
        c.lifts = await this.loadLifts(c.auth);
      } catch {
        // keep the last set; the next refresh tries again
      }
    }
  }

  private scheduleRefresh(): void {
    if (this.refreshSoon || !this.loadLifts) return;
    this.refreshSoon = setTimeout(() => {
      this.refreshSoon = null;
      void this.refresh(true);
    }, 1000);
    this.refreshSoon.unref?.();
  }

  get size(): number {
    return this.connections.size;
  }

  add(socket: WebSocket, auth: AuthContext, lifts: Set<number> | null = null): Connection {
    const conn: Connection = { socket, auth, terminals: new Set<string>(), lifts, stale: false };
    this.connections.add(conn);
    if (lifts && !this.refreshTimer && this.loadLifts) {
      this.refreshTimer = setInterval(() => void this.refresh(false), this.refreshMs);
      this.refreshTimer.unref?.();
    }
    socket.on('close', () => this.connections.delete(conn));
    return conn;
  }

  private dispatch(e: LiveEnvelope): void {
    if (!e || typeof e.action !== 'string' || e.scope === undefined) return;
    if (!e.scope) return;
    const { scope, ...event } = e;
    let frame: string | undefined;
    const toAll = broadcast.has(e.action);
    for (const c of this.connections) {
      const path = c.auth.scopePath;
      if (!path || !scope.startsWith(path)) continue;
      if (c.lifts) {
        if (e.lift_id === null || e.lift_id === undefined) {
          if (e.terminal_id) continue;
        } else if (!c.lifts.has(e.lift_id)) {
          // a lift created or moved since the last load: look again soon
          c.stale = true;
          this.scheduleRefresh();
          continue;
        }
      }
      if (!toAll && !(e.terminal_id && c.terminals.has(e.terminal_id))) continue;
      if (!toAll && c.socket.bufferedAmount > MAX_BUFFERED) continue;
      frame ??= JSON.stringify(event satisfies TLiveEvent);
      c.socket.send(frame);
      this.delivered++;
    }
  }

  private endSession(m: { sessionId?: number; reason?: string }): void {
    if (!m || typeof m.sessionId !== 'number') return;
    for (const c of this.connections) {
      if (c.auth.sessionId !== m.sessionId) continue;
      const event: TLiveEvent = {
        action: 'forced_offline',
        terminal_id: null,
        lift_id: null,
        timestamp: Date.now(),
        data: { reason: m.reason ?? 'signed_in_elsewhere' },
      };
      c.socket.send(JSON.stringify(event), () => c.socket.close(4403, 'forced_offline'));
    }
  }

  close(): void {
    if (this.refreshTimer) clearInterval(this.refreshTimer);
    if (this.refreshSoon) clearTimeout(this.refreshSoon);
    for (const u of this.unsubs) u();
    for (const c of this.connections) c.socket.close(1001, 'server shutting down');
    this.connections.clear();
  }
}
