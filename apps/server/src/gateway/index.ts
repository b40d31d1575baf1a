import { randomBytes } from 'node:crypto';
import { DEFAULT_TOPIC_ROOT, downTopic, type TDownCommand, TERMINAL_ID_RE, ZDownCommand } from '@liftguard/contract';
import { sql } from 'kysely';
import { Channels } from '../platform/bus.ts';
import type { AppContext } from '../platform/context.ts';
import { type BrokerLink, connectExternalBroker, startEmbeddedBroker } from './broker.ts';
import { isExpired, TerminalDirectory } from './directory.ts';
import { ExceptionRecorder } from './exceptions.ts';
import { Ingest, type LiveStatus } from './ingest.ts';
import { type LiveEnvelope, publishLive } from './live-events.ts';
import { createMemoryLockStore, createRedisLockStore } from './lock-store.ts';
import { MonitorLocks } from './monitor-lock.ts';
import { Presence } from './presence.ts';
import { StatusStore } from './status-store.ts';
import { verifyTerminalSecret } from './terminal-secret.ts';

export type GatewayOptions = {
  /** silence after which a terminal is offline (default 90 s) */
  heartbeatTimeoutMs?: number;
  /** status batch interval (default 1 s) */
  flushMs?: number;
  /** topic root (default `lg`); tests on a shared broker use a private one */
  topicRoot?: string;
  /** shared-subscription group on an external broker */
  group?: string;
  log?: { info: (o: object, m: string) => void; error: (o: object, m: string) => void };
};

export type Gateway = {
  mode: 'embedded' | 'external';
  ports: { mqtt: number; ws: number } | null;
  topicRoot: string;
  /** credential of the server's own MQTT clients on the embedded broker (full access) */
  internal: { username: string; password: string };
  /** last status of a terminal, kept in memory */
  liveStatus: (terminalId: string) => LiveStatus | undefined;
  /** online for display: connected or recently heard, and the lift not past its expiry */
  isOnline: (terminalId: string) => boolean;
  /** publish a downstream command (validated); lifecycle tracking is the caller's (issue 6) */
  sendCommand: (terminalId: string, command: TDownCommand) => Promise<void>;
  monitor: MonitorLocks;
  /** write batched status now and wait for queued fault/help writes */
  flush: () => Promise<void>;
  stats: () => {
    connected: number;
    online: number;
    received: number;
    accepted: number;
    duplicates: number;
    rejected: number;
    status: number;
    stored: number;
    exceptions: number;
  };
  close: () => Promise<void>;
};

const gateways = new WeakMap<AppContext, Gateway>();
/** The gateway started for this app, if any (remote commands and the monitor API use it). */
export const gatewayOf = (ctx: AppContext): Gateway | undefined => gateways.get(ctx);

/**
 * Start the device gateway: embedded aedes broker on MQTT_PORT (TCP) and MQTT_WS_PORT
 * (WebSocket), or the external broker of MQTT_URL. Closed through ctx.onClose.
 */
export async function startGateway(ctx: AppContext, opts: GatewayOptions = {}): Promise<Gateway> {
  const { db, bus, config } = ctx;
  const root = opts.topicRoot ?? DEFAULT_TOPIC_ROOT;
  const onError = (err: unknown) => opts.log?.error({ err }, 'gateway error');
  const directory = new TerminalDirectory(db);
  const exceptions = new ExceptionRecorder(db);
  const timeoutMs = opts.heartbeatTimeoutMs ?? 90_000;
  // embedded PGlite has one connection: a fault write goes ahead of the queue (urgently) but
  // waits for the statement running, so status batches there are smaller and more frequent
  const embedded = ctx.engine === 'pglite';
  const store = new StatusStore(
    db,
    opts.flushMs ?? (embedded ? 250 : 1000),
    onError,
    // last_seen_at is read after a restart (offline past the timeout) and shown as "last seen":
    // a third of the timeout keeps it well inside, and 10,000 terminals cost 333 row updates/s
    Math.min(30_000, Math.floor(timeoutMs / 3)),
    embedded ? 500 : 2000,
  );
  const presence = new Presence(
    db,
    timeoutMs,
    (terminalId, online) => {
      void bus.publish(Channels.live, { kind: 'presence', terminalId, online, from: instanceId });
      void directory.get(terminalId).then((entry) => {
        if (entry) return publishLive(bus, entry, 'onoff', { online: online && !isExpired(entry) });
      }, onError);
    },
    onError,
  );
  const instanceId = randomBytes(6).toString('hex');
  const ingest = new Ingest({ db, bus, directory, presence, store, exceptions, onError });
  store.yieldTo = () => ingest.eventsIdle();
  const internal = { username: 'liftguard-server', password: randomBytes(24).toString('base64url') };

  const unsubs = [
    bus.subscribe(Channels.terminalChanged, (m) => {
      const id = (m as { terminalId?: unknown })?.terminalId;
      directory.forget(typeof id === 'string' ? id : undefined);
    }),
    // presence changes decided by another instance
    bus.subscribe(Channels.live, (m) => {
      const p = m as { kind?: string; terminalId?: string; online?: boolean; from?: string };
      if (p?.kind === 'presence' && p.from !== instanceId && typeof p.terminalId === 'string')
        presence.adopt(p.terminalId, p.online === true);
    }),
  ];

  // monitoring / rescue / file-download holds: shared by every instance when REDIS_URL is set
  const monitor = new MonitorLocks(config.REDIS_URL ? await createRedisLockStore(config.REDIS_URL, onError) : createMemoryLockStore());

  const handlers = {
    onMessage: (terminalId: string, code: string, payload: Buffer, topic: string) => {
      try {
        ingest.handle(terminalId, code, payload, topic);
      } catch (err) {
        onError(err);
      }
    },
    onConnect: (terminalId: string) => presence.seen(terminalId),
    onDisconnect: (terminalId: string) => presence.disconnected(terminalId),
  };

  let link: BrokerLink;
  if (config.MQTT_URL) {
    link = await connectExternalBroker({ url: config.MQTT_URL, root, group: opts.group ?? 'liftguard' }, handlers);
  } else {
    link = await startEmbeddedBroker(
      {
        host: config.HOST,
        port: config.MQTT_PORT,
        wsPort: config.MQTT_WS_PORT,
        root,
        internal,
        verify: async (terminalId, secret) => {
          if (!TERMINAL_ID_RE.test(terminalId)) return false;
          directory.forget(terminalId); // always check the current secret at sign-in
          const entry = await directory.get(terminalId);
          return verifyTerminalSecret(entry?.secretHash ?? null, secret);
        },
      },
      handlers,
    );
  }
  await presence.sweepStale();
  const staleTimer = setInterval(() => void presence.sweepStale(), Math.max(1000, timeoutMs));
  staleTimer.unref();
  const cleanupTimer = setInterval(
    () => void sql`delete from mqtt_message_seen where at < now() - interval '2 days'`.execute(db).catch(onError),
    3_600_000,
  );
  cleanupTimer.unref();
  opts.log?.info({ mode: link.mode, ports: link.ports, root }, 'MQTT gateway started');

  let closed = false;
  const gateway: Gateway = {
    mode: link.mode,
    ports: link.ports,
    topicRoot: root,
    internal,
    liveStatus: (id) => ingest.live.get(id),
    isOnline: (id) => presence.isOnline(id) && !isExpired(directory.peek(id)),
    sendCommand: async (terminalId, command) => {
      const cmd = ZDownCommand.parse(command);
      await link.publish(downTopic(terminalId, root), JSON.stringify(cmd));
    },
    monitor,
    flush: async () => {
      await ingest.settle();
      await store.flush();
    },
    stats: () => ({
      connected: link.connectedTerminals(),
      online: presence.onlineCount,
      ...ingest.counters,
      stored: store.stored,
      exceptions: exceptions.recorded,
    }),
    close: async () => {
      if (closed) return;
      closed = true;
      clearInterval(staleTimer);
      clearInterval(cleanupTimer);
      for (const u of unsubs) u();
      presence.close();
      await link.close();
      await ingest.settle();
      await store.close();
      await monitor.close();
    },
  };
  gateways.set(ctx, gateway);
  ctx.onClose(() => gateway.close());
  return gateway;
}

export { hashTerminalSecret, newTerminalSecret, verifyTerminalSecret } from './terminal-secret.ts';
export type { LiveEnvelope };
