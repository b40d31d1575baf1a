import { BROADCAST_ACTIONS, type TLiveEvent } from '@liftguard/contract';
import type { WebSocket } from 'ws';
import type { LiveEnvelope } from '../gateway/live-events.ts';
import type { AuthContext } from '../platform/auth.ts';
import { type Bus, Channels } from '../platform/bus.ts';

type Connection = { socket: WebSocket; auth: AuthContext; terminals: Set<string> };

const broadcast = new Set<string>(BROADCAST_ACTIONS);
/** a slow browser with this much queued is skipped for status frames rather than buffering without end */
const MAX_BUFFERED = 1_048_576;

/**
 * Fan-out of live events to the browsers connected to this instance. Every event carries the
 * company path of its lift; a connection sees it only when that path lies in its current
 * scope. Alerts (faults, help, dashboard changes) go to every connection in scope; device
 * reports only to connections subscribed to the terminal.
 */
export class LiveHub {
  private connections = new Set<Connection>();
  private unsubs: Array<() => void>;
  delivered = 0;

  constructor(bus: Bus) {
    this.unsubs = [
      bus.subscribe(Channels.live, (m) => this.dispatch(m as LiveEnvelope)),
      bus.subscribe(Channels.sessionEnded, (m) => this.endSession(m as { sessionId?: number; reason?: string })),
    ];
  }

  get size(): number {
    return this.connections.size;
  }

  add(socket: WebSocket, auth: AuthContext): Connection {
    const conn = { socket, auth, terminals: new Set<string>() };
    this.connections.add(conn);
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
    for (const u of this.unsubs) u();
    for (const c of this.connections) c.socket.close(1001, 'server shutting down');
    this.connections.clear();
  }
}
