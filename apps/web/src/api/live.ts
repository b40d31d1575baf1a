import { type TLiveEvent, ZLiveEvent, ZLiveRefused } from '@liftguard/contract/live/messages';
import { readToken } from './token.ts';

/**
 * Live channel client `WS /ws/live/{token}` (SPEC.md §4, §7): one shared connection for the app.
 * Subscriptions are reference-counted per terminal and queued until the server sends `{code: 200}`;
 * a dropped connection reconnects with backoff, emits `reconnect` and subscribes again.
 * Every push is checked with the contract's `ZLiveEvent` before anyone sees it.
 */

export type LiveStatus = 'idle' | 'connecting' | 'open' | 'closed' | 'refused';

type SocketLike = {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
};
export type SocketFactory = (url: string) => SocketLike;

export type LiveClientOptions = {
  /** builds the socket (tests pass a fake) */
  socket?: SocketFactory;
  /** ws(s)://host/ws/live/<token> */
  url?: (token: string) => string;
  /** delays between reconnect attempts, ms; the last one repeats */
  backoff?: readonly number[];
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
};

type EventListener = (e: TLiveEvent) => void;
type Meta = { status: (s: LiveStatus) => void; reconnect: () => void; refused: (code: number, msg: string) => void };

export const DEFAULT_BACKOFF = [1000, 2000, 5000, 10_000, 30_000] as const;

function defaultUrl(token: string): string {
  const proto = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${proto}://${window.location.host}/ws/live/${encodeURIComponent(token)}`;
}

export class LiveClient {
  private ws: SocketLike | null = null;
  private token: string | null = null;
  private state: LiveStatus = 'idle';
  private attempt = 0;
  private timer: unknown = null;
  /** true once a connection has been open: the next open is a reconnect */
  private wasOpen = false;
  private readonly refs = new Map<string, number>();
  private readonly listeners = new Map<string, Set<EventListener>>();
  private readonly meta: { [K in keyof Meta]: Set<Meta[K]> } = { status: new Set(), reconnect: new Set(), refused: new Set() };
  private readonly opts: Required<LiveClientOptions>;

  constructor(opts: LiveClientOptions = {}) {
    this.opts = {
      socket: opts.socket ?? ((url) => new WebSocket(url) as unknown as SocketLike),
      url: opts.url ?? defaultUrl,
      backoff: opts.backoff ?? DEFAULT_BACKOFF,
      setTimer: opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms)),
      clearTimer: opts.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>)),
    };
  }

  get status(): LiveStatus {
    return this.state;
  }

  /** Terminals currently subscribed (by anyone on the page). */
  get subscribed(): string[] {
    return [...this.refs.keys()];
  }

  /** Open the channel with this token (a new token replaces the old connection). */
  connect(token: string): void {
    if (this.token === token && (this.state === 'open' || this.state === 'connecting')) return;
    this.shutdown();
    this.token = token;
    this.attempt = 0;
    this.wasOpen = false;
    this.open();
  }

  /** Close for good (sign-out, forced offline); subscriptions are kept for a later connect. */
  disconnect(): void {
    this.shutdown();
    this.token = null;
    this.setStatus('idle');
  }

  /** Follow terminals; returns the release. Sent now when open, else on the server's code 200. */
  subscribe(terminalIds: readonly string[]): () => void {
    const ids = [...new Set(terminalIds.filter(Boolean))];
    const fresh: string[] = [];
    for (const id of ids) {
      const n = this.refs.get(id) ?? 0;
      this.refs.set(id, n + 1);
      if (n === 0) fresh.push(id);
    }
    if (fresh.length && this.state === 'open') this.send('subscribe', fresh);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const gone: string[] = [];
      for (const id of ids) {
        const n = (this.refs.get(id) ?? 1) - 1;
        if (n <= 0) {
          this.refs.delete(id);
          gone.push(id);
        } else this.refs.set(id, n);
      }
      if (gone.length && this.state === 'open') this.send('cancel', gone);
    };
  }

  /** Listen to actions ('*' = all); returns the removal. */
  on(actions: TLiveEvent['action'] | '*' | readonly (TLiveEvent['action'] | '*')[], fn: EventListener): () => void {
    const list = typeof actions === 'string' ? [actions] : actions;
    for (const a of list) {
      const set = this.listeners.get(a) ?? new Set<EventListener>();
      this.listeners.set(a, set);
      set.add(fn);
    }
    return () => {
      for (const a of list) this.listeners.get(a)?.delete(fn);
    };
  }

  onMeta<K extends keyof Meta>(kind: K, fn: Meta[K]): () => void {
    (this.meta[kind] as Set<Meta[K]>).add(fn);
    return () => {
      (this.meta[kind] as Set<Meta[K]>).delete(fn);
    };
  }

  private setStatus(s: LiveStatus): void {
    if (this.state === s) return;
    this.state = s;
    for (const fn of this.meta.status) fn(s);
  }

  private open(): void {
    if (!this.token) return;
    this.setStatus('connecting');
    let ws: SocketLike;
    try {
      ws = this.opts.socket(this.opts.url(this.token));
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onmessage = (ev) => {
      if (this.ws === ws) this.handle(ev.data);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.state === 'refused') return;
      // 4000 + code: the server refused the token or ended the session; retrying cannot help
      if (ev.code >= 4400 && ev.code < 4500) {
        this.setStatus('refused');
        return;
      }
      this.setStatus('closed');
      this.scheduleReconnect();
    };
    ws.onerror = () => undefined;
  }

  private handle(raw: unknown): void {
    let msg: unknown;
    try {
      msg = JSON.parse(typeof raw === 'string' ? raw : String(raw));
    } catch {
      return;
    }
    if (msg && typeof msg === 'object' && 'code' in msg && !('action' in msg)) {
      if ((msg as { code: unknown }).code === 200) {
        const reconnected = this.wasOpen;
        this.wasOpen = true;
        this.attempt = 0;
        this.setStatus('open');
        if (this.refs.size) this.send('subscribe', [...this.refs.keys()]);
        if (reconnected) for (const fn of this.meta.reconnect) fn();
        return;
      }
      const refused = ZLiveRefused.safeParse(msg);
      if (refused.success) {
        this.setStatus('refused');
        for (const fn of this.meta.refused) fn(refused.data.code, refused.data.msg);
      }
      return;
    }
    const parsed = ZLiveEvent.safeParse(msg);
    if (!parsed.success) return;
    const e = parsed.data;
    if (e.action === 'forced_offline') this.setStatus('refused');
    for (const key of [e.action, '*']) for (const fn of this.listeners.get(key) ?? []) fn(e);
  }

  private send(type: 'subscribe' | 'cancel', data: string[]): void {
    // the server takes at most 1000 names a message
    for (let i = 0; i < data.length; i += 1000) this.ws?.send(JSON.stringify({ type, data: data.slice(i, i + 1000) }));
  }

  private scheduleReconnect(): void {
    if (!this.token) return;
    const { backoff } = this.opts;
    const delay = backoff[Math.min(this.attempt, backoff.length - 1)] ?? 30_000;
    this.attempt += 1;
    this.timer = this.opts.setTimer(() => {
      this.timer = null;
      this.open();
    }, delay);
  }

  private shutdown(): void {
    if (this.timer !== null) this.opts.clearTimer(this.timer);
    this.timer = null;
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onmessage = null;
      ws.onclose = null;
      try {
        ws.close(1000, 'bye');
      } catch {
        // already closed
      }
    }
  }
}

/** The app's one connection. */
export const live = new LiveClient();

/** Connect with the stored token (no-op without one). */
export function connectLive(): void {
  const token = readToken();
  if (token) live.connect(token);
}
