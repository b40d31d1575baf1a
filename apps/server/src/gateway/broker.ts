import net from 'node:net';
import { downTopic, mayPublish, maySubscribe, parseUpTopic, UP_CODES, upWildcard } from '@liftguard/contract';
import { Aedes, type AedesPublishPacket, type Client } from 'aedes';
import mqtt from 'mqtt';
import { createWebSocketStream, WebSocketServer } from 'ws';

/** What the gateway needs from a broker, embedded or external. */
export type BrokerLink = {
  mode: 'embedded' | 'external';
  /** listening ports of the embedded broker */
  ports: { mqtt: number; ws: number } | null;
  publish: (topic: string, payload: string) => Promise<void>;
  /** connections of terminals right now (embedded only) */
  connectedTerminals: () => number;
  close: () => Promise<void>;
};

export type LinkHandlers = {
  /** an upstream message of a terminal, topic already parsed */
  onMessage: (terminalId: string, code: string, payload: Buffer, topic: string) => void;
  onConnect: (terminalId: string) => void;
  onDisconnect: (terminalId: string) => void;
};

export type EmbeddedOptions = {
  host: string;
  port: number;
  wsPort: number;
  root: string;
  /** internal credential with full access (the server's own clients, tools) */
  internal: { username: string; password: string };
  verify: (terminalId: string, secret: string) => Promise<boolean>;
};

/** upstream codes that must not wait behind status reports */
const ALERT_CODES: readonly string[] = ['U03', 'U04', 'U05'];

const authError = (code: 4 | 5) =>
  Object.assign(new Error(code === 4 ? 'bad username or password' : 'not authorised'), { returnCode: code });

/**
 * Embedded aedes broker on TCP and WebSocket. A terminal signs in with username = terminal id
 * and password = its secret; it may publish only on its own upstream topics and subscribe only
 * to its own downstream topic. The gateway reads upstream messages straight off the broker.
 */
export async function startEmbeddedBroker(opts: EmbeddedOptions, handlers: LinkHandlers): Promise<BrokerLink> {
  const identity = new WeakMap<Client, { terminalId: string | null }>();
  const live = new Map<string, number>();
  const broker = await Aedes.createBroker({
    heartbeatInterval: 60_000,
    connectTimeout: 15_000,
    authenticate: (client, username, password, done) => {
      const secret = password?.toString('utf8') ?? '';
      if (!username) return done(authError(4), false);
      if (username === opts.internal.username) {
        if (secret === opts.internal.password) {
          identity.set(client, { terminalId: null });
          return done(null, true);
        }
        return done(authError(4), false);
      }
      opts.verify(username, secret).then(
        (ok) => {
          if (!ok) return done(authError(4), false);
          identity.set(client, { terminalId: username });
          done(null, true);
        },
        () => done(authError(4), false),
      );
    },
    authorizePublish: (client, packet, done) => {
      const who = client ? identity.get(client) : undefined;
      if (!client) return done(null); // broker-internal publish (the server itself)
      if (who && who.terminalId === null) return done(null);
      if (who?.terminalId && mayPublish(who.terminalId, packet.topic, opts.root)) return done(null);
      done(authError(5));
    },
    authorizeSubscribe: (client, sub, done) => {
      const who = identity.get(client);
      if (who && who.terminalId === null) return done(null, sub);
      if (who?.terminalId && maySubscribe(who.terminalId, sub.topic, opts.root)) return done(null, sub);
      // refusing one subscription answers SUBACK 0x80 for it; the connection stays
      done(null, null);
    },
  });
  broker.on('publish', (packet: AedesPublishPacket, client: Client | null) => {
    if (!client) return;
    const who = identity.get(client);
    const parsed = parseUpTopic(packet.topic, opts.root);
    if (!parsed || !who) return;
    handlers.onMessage(
      parsed.terminalId,
      parsed.code,
      Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload),
      packet.topic,
    );
  });
  broker.on('clientReady', (client: Client) => {
    const id = identity.get(client)?.terminalId;
    if (!id) return;
    live.set(id, (live.get(id) ?? 0) + 1);
    handlers.onConnect(id);
  });
  broker.on('clientDisconnect', (client: Client) => {
    const id = identity.get(client)?.terminalId;
    if (!id) return;
    const n = (live.get(id) ?? 1) - 1;
    if (n <= 0) {
      live.delete(id);
      handlers.onDisconnect(id);
    } else live.set(id, n);
  });

  const tcp = net.createServer((socket) => broker.handle(socket));
  await new Promise<void>((resolve, reject) => {
    tcp.once('error', reject);
    tcp.listen(opts.port, opts.host, () => resolve());
  });
  const wss = new WebSocketServer({ port: opts.wsPort, host: opts.host, maxPayload: 64 * 1024 });
  await new Promise<void>((resolve, reject) => {
    wss.once('error', reject);
    wss.once('listening', () => resolve());
  });
  wss.on('connection', (socket, req) => {
    const stream = createWebSocketStream(socket);
    stream.on('error', () => socket.terminate());
    broker.handle(stream, req);
  });
  const addr = tcp.address() as net.AddressInfo;
  const wsAddr = wss.address() as net.AddressInfo;

  return {
    mode: 'embedded',
    ports: { mqtt: addr.port, ws: wsAddr.port },
    connectedTerminals: () => live.size,
    publish: (topic, payload) =>
      new Promise((resolve, reject) =>
        broker.publish({ cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false }, (err) =>
          err ? reject(err) : resolve(),
        ),
      ),
    close: async () => {
      for (const c of wss.clients) c.terminate();
      await new Promise<void>((r) => wss.close(() => r()));
      await new Promise<void>((r) => broker.close(() => r()));
      await new Promise<void>((r) => tcp.close(() => r()));
    },
  };
}

export type ExternalOptions = {
  url: string;
  root: string;
  /** shared-subscription group: several server instances split the upstream load */
  group: string;
};

/**
 * External broker (Mosquitto, EMQX): the server connects with its own credential (from the
 * URL) and takes upstream messages through a shared subscription. Terminal authentication
 * and topic ACL are the broker's job there (docs/protocol.md shows a Mosquitto setup).
 * Presence comes from messages and the heartbeat timeout only.
 */
export async function connectExternalBroker(opts: ExternalOptions, handlers: LinkHandlers): Promise<BrokerLink> {
  // Two connections: a broker sends a client its messages in order, a few in flight at a time,
  // so on one connection a fault would wait behind every queued status report. Alerts (fault,
  // fault solved, help) come on their own connection and overtake the status traffic.
  const connect = (role: string) =>
    mqtt.connectAsync(opts.url, {
      clientId: `liftguard-server-${role}-${process.pid}-${Math.random().toString(16).slice(2, 10)}`,
      clean: true,
      reconnectPeriod: 2000,
      connectTimeout: 10_000,
    });
  const filters = (codes: readonly string[]) => codes.map((c) => `$share/${opts.group}/${upWildcard(opts.root).replace(/\+$/, c)}`);
  const links = [
    { client: await connect('alerts'), filter: filters(ALERT_CODES) },
    { client: await connect('status'), filter: filters(UP_CODES.filter((c) => !ALERT_CODES.includes(c))) },
  ];
  for (const { client, filter } of links) {
    client.on('message', (topic, payload) => {
      const parsed = parseUpTopic(topic, opts.root);
      if (parsed) handlers.onMessage(parsed.terminalId, parsed.code, payload, topic);
    });
    // resubscribe on every (re)connection of a clean session
    client.on('connect', () => void client.subscribeAsync(filter, { qos: 1 }).catch(() => undefined));
    await client.subscribeAsync(filter, { qos: 1 });
  }
  const commands = links[1]?.client as mqtt.MqttClient;
  return {
    mode: 'external',
    ports: null,
    connectedTerminals: () => 0,
    publish: async (topic, payload) => {
      await commands.publishAsync(topic, payload, { qos: 1 });
    },
    close: async () => {
      await Promise.all(links.map((l) => l.client.endAsync(true)));
    },
  };
}

export { downTopic };
