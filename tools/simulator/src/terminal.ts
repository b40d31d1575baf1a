import {
  DEFAULT_TOPIC_ROOT,
  downTopic,
  FAULT_CODES,
  type TAckResult,
  type TDownCommand,
  TRAPPED_CODES,
  type TUpCode,
  type TUpstream,
  upTopic,
  ZDownCommand,
} from '@liftguard/contract';
import mqtt, { type MqttClient } from 'mqtt';

export type SimTerminalOptions = {
  url: string;
  id: string;
  secret: string;
  root?: string;
  minFloor?: number;
  maxFloor?: number;
  /** status report while idle (ms) */
  statusIntervalMs?: number;
  heartbeatMs?: number;
  /** time to travel one floor (ms) */
  floorMs?: number;
  /** passengers call the lift at random */
  traffic?: boolean;
  /** chance per minute to raise a random fault, trapped or help event */
  eventsPerMinute?: number;
  version?: string;
  /** keep the MQTT session (commands queued while offline are delivered later) */
  persistentSession?: boolean;
  onCommand?: (cmd: TDownCommand, result: TAckResult) => void;
};

type Status = Omit<TUpstream['U01'], 'mid' | 'ts'>;
const RANDOM_FAULTS = FAULT_CODES.filter((f) => f.category !== 'trapped' && f.applies === 'lift').map((f) => f.code);
const TRAPPED = TRAPPED_CODES[0] ?? 'TRAP_FLOOR';

/** One simulated lift terminal speaking the real protocol (docs/protocol.md). */
export class SimTerminal {
  readonly id: string;
  client: MqttClient | null = null;
  status: Status;
  version: string;
  published = 0;
  /** when the last message was sent (ms epoch) */
  lastSentAt = 0;
  executed: string[] = [];
  openFaults = new Set<string>();
  private opts: Required<Omit<SimTerminalOptions, 'onCommand'>> & Pick<SimTerminalOptions, 'onCommand'>;
  private seq = 0;
  private target: number | null = null;
  private timers: NodeJS.Timeout[] = [];
  private statusTimer: NodeJS.Timeout | null = null;
  private acked = new Map<string, TAckResult>();
  private params: Record<string, string | number | boolean | null> = {
    brightness: 10,
    volume_floor: 34,
    volume_system: 20,
    volume_video: 34,
  };
  private dwell = 0;

  constructor(opts: SimTerminalOptions) {
    this.opts = {
      root: DEFAULT_TOPIC_ROOT,
      minFloor: 1,
      maxFloor: 12,
      statusIntervalMs: 10_000,
      heartbeatMs: 30_000,
      floorMs: 1500,
      traffic: true,
      eventsPerMinute: 0,
      version: 'LG1.0.0.0',
      persistentSession: true,
      ...opts,
    };
    this.id = opts.id;
    this.version = this.opts.version;
    this.status = {
      floor: this.opts.minFloor,
      floor_display: String(this.opts.minFloor),
      direction: 'stop',
      door: 'closed',
      run_state: 'normal',
      occupied: false,
    };
  }

  async start(): Promise<void> {
    const o = this.opts;
    const client = mqtt.connect(o.url, {
      clientId: this.id,
      username: this.id,
      password: o.secret,
      clean: !o.persistentSession,
      reconnectPeriod: 3000,
      connectTimeout: 20_000,
      keepalive: 60,
    });
    // listen before the CONNACK: a broker delivers the queued commands of a persistent session
    // right behind it (Mosquitto in the same packet), and a message without a listener is lost
    client.on('message', (_topic, payload) => this.onDown(payload));
    this.client = client;
    try {
      await new Promise<void>((resolve, reject) => {
        client.once('connect', () => resolve());
        client.once('error', reject);
      });
    } catch (err) {
      this.client = null;
      await client.endAsync(true);
      throw err;
    }
    await this.client.subscribeAsync(downTopic(this.id, o.root), { qos: 1 });
    this.send('U02', { version: this.version });
    this.reportStatus();
    this.schedule(o.statusIntervalMs);
    this.timers.push(setInterval(() => this.send('U02', { version: this.version }), o.heartbeatMs));
    this.timers.push(setInterval(() => this.step(), o.floorMs));
    if (o.eventsPerMinute > 0) this.timers.push(setInterval(() => this.randomEvent(), 1000));
  }

  /** stop sending (the connection stays: a silent terminal) */
  silence(): void {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    if (this.statusTimer) clearInterval(this.statusTimer);
    this.statusTimer = null;
  }

  async stop(): Promise<void> {
    this.silence();
    await this.client?.endAsync(true);
    this.client = null;
  }

  /** publish an upstream message; returns its message id */
  send<C extends TUpCode>(code: C, body: Omit<TUpstream[C], 'mid' | 'ts'> | Record<string, unknown>, mid = this.nextMid()): string {
    if (!this.client) return mid;
    this.published++;
    this.lastSentAt = Date.now();
    this.client.publish(upTopic(this.id, code, this.opts.root), JSON.stringify({ mid, ts: Date.now(), ...body }), { qos: 1 });
    return mid;
  }

  sendAsync<C extends TUpCode>(
    code: C,
    body: Omit<TUpstream[C], 'mid' | 'ts'> | Record<string, unknown>,
    mid = this.nextMid(),
  ): Promise<unknown> {
    if (!this.client) return Promise.resolve();
    this.published++;
    this.lastSentAt = Date.now();
    return this.client.publishAsync(upTopic(this.id, code, this.opts.root), JSON.stringify({ mid, ts: Date.now(), ...body }), { qos: 1 });
  }

  raiseFault(code = RANDOM_FAULTS[Math.floor(Math.random() * RANDOM_FAULTS.length)] ?? 'DOOR_OPEN_FAIL', trapped = false): string {
    this.openFaults.add(code);
    return this.send('U03', { code, floor: this.status.floor, floor_display: this.status.floor_display, trapped });
  }

  solveFault(code: string): string {
    this.openFaults.delete(code);
    return this.send('U04', { code });
  }

  help(): string {
    return this.send('U05', { room_id: null, floor: this.status.floor });
  }

  callFloor(floor: number): void {
    this.target = Math.max(this.opts.minFloor, Math.min(this.opts.maxFloor, floor));
  }

  private nextMid(): string {
    return `${this.id}-${Date.now().toString(36)}-${(this.seq++).toString(36)}`;
  }

  private schedule(ms: number): void {
    if (this.statusTimer) clearInterval(this.statusTimer);
    this.statusTimer = setInterval(() => this.reportStatus(), ms);
  }

  private reportStatus(): void {
    this.send('U01', { ...this.status });
  }

  private change(patch: Partial<Status>): void {
    Object.assign(this.status, patch);
    this.reportStatus();
  }

  /** one movement step: doors, travel, idle traffic */
  private step(): void {
    const s = this.status;
    if (s.door === 'opening') {
      this.change({ door: 'open' });
      return;
    }
    if (s.door === 'open') {
      if (this.dwell-- > 0) return;
      if (s.run_state === 'locked' || s.run_state === 'stopped') return;
      this.change({ door: 'closing' });
      return;
    }
    if (s.door === 'closing') {
      this.change({ door: 'closed', occupied: Math.random() < 0.5 });
      return;
    }
    if (s.run_state !== 'normal' && s.run_state !== 'descending') return;
    if (this.target === null) {
      if (s.run_state === 'descending') {
        this.change({ run_state: 'stopped', direction: 'stop' });
        return;
      }
      if (this.opts.traffic && Math.random() < 0.15)
        this.callFloor(this.opts.minFloor + Math.floor(Math.random() * (this.opts.maxFloor - this.opts.minFloor + 1)));
      return;
    }
    if (this.target === s.floor) {
      this.target = null;
      this.dwell = 1;
      this.change({ direction: 'stop', door: 'opening' });
      return;
    }
    const up = this.target > s.floor;
    let floor = s.floor + (up ? 1 : -1);
    if (floor === 0) floor += up ? 1 : -1;
    this.change({ floor, floor_display: floor < 0 ? `B${-floor}` : String(floor), direction: up ? 'up' : 'down' });
  }

  private randomEvent(): void {
    if (Math.random() >= this.opts.eventsPerMinute / 60) return;
    const open = [...this.openFaults];
    const r = Math.random();
    if (open.length > 0 && r < 0.5) this.solveFault(open[0] as string);
    else if (r < 0.8) this.raiseFault();
    else if (r < 0.9) this.raiseFault(TRAPPED, true);
    else this.help();
  }

  private ack(cmdId: string, result: TAckResult, reason?: string): void {
    this.acked.set(cmdId, result);
    if (this.acked.size > 500) this.acked.delete(this.acked.keys().next().value as string);
    this.send('ack', { cmd_id: cmdId, result, ...(reason ? { reason } : {}) });
  }

  private onDown(payload: Buffer): void {
    let cmd: TDownCommand;
    try {
      cmd = ZDownCommand.parse(JSON.parse(payload.toString('utf8')));
    } catch {
      return;
    }
    const done = this.acked.get(cmd.cmd_id);
    if (done) {
      // a duplicated delivery: answer again, never execute twice
      this.send('ack', { cmd_id: cmd.cmd_id, result: done });
      return;
    }
    if (cmd.expires_at <= Date.now()) {
      this.ack(cmd.cmd_id, 'expired');
      this.opts.onCommand?.(cmd, 'expired');
      return;
    }
    this.send('ack', { cmd_id: cmd.cmd_id, result: 'delivered' });
    const result = this.execute(cmd);
    this.executed.push(cmd.cmd_id);
    this.ack(cmd.cmd_id, result.ok ? 'succeeded' : 'failed', result.reason);
    this.opts.onCommand?.(cmd, result.ok ? 'succeeded' : 'failed');
  }

  private execute(cmd: TDownCommand): { ok: boolean; reason?: string } {
    const s = this.status;
    switch (cmd.action) {
      case 'lock':
        this.target = null;
        this.change({ run_state: 'locked', direction: 'stop' });
        return { ok: true };
      case 'unlock':
        this.change({ run_state: 'normal' });
        return { ok: true };
      case 'stop':
        this.target = null;
        this.change({ run_state: 'stopped', direction: 'stop' });
        return { ok: true };
      case 'forced_descent':
        this.target = this.opts.minFloor;
        this.change({ run_state: 'descending' });
        return { ok: true };
      case 'open_door':
        if (s.direction !== 'stop') return { ok: false, reason: 'moving' };
        this.dwell = 3;
        this.change({ door: 'opening' });
        return { ok: true };
      case 'close_door':
        if (s.door === 'closed') return { ok: true };
        this.change({ door: 'closing' });
        return { ok: true };
      case 'call_floor':
        if (s.run_state !== 'normal') return { ok: false, reason: s.run_state };
        if (cmd.floor < this.opts.minFloor || cmd.floor > this.opts.maxFloor) return { ok: false, reason: 'no such floor' };
        this.callFloor(cmd.floor);
        return { ok: true };
      case 'monitor':
        this.schedule(cmd.on ? 1000 : this.opts.statusIntervalMs);
        return { ok: true };
      case 'update':
        return this.update(cmd);
      case 'settings':
        for (const [k, v] of Object.entries(cmd.settings))
          if (['string', 'number', 'boolean'].includes(typeof v) || v === null) this.params[k] = v as string;
        this.params.revision = cmd.revision;
        this.send('U06', { cmd_id: cmd.cmd_id, params: this.params });
        return { ok: true };
      case 'get_parameters':
        this.send('U06', { cmd_id: cmd.cmd_id, params: this.params });
        return { ok: true };
      case 'list_files':
        this.send('U07', { cmd_id: cmd.cmd_id, op: 'list', files: [{ name: 'record-1.mp4', size: 1024 }], ok: true });
        return { ok: true };
      case 'read_database':
        this.send('U09', { cmd_id: cmd.cmd_id, table: cmd.table, rows: [] });
        return { ok: true };
      case 'simulate':
        if (cmd.event === 'fault') this.raiseFault(cmd.code ?? 'DOOR_OPEN_FAIL');
        else if (cmd.event === 'trapped') this.raiseFault(cmd.code ?? TRAPPED, true);
        else if (cmd.event === 'solve') this.solveFault(cmd.code ?? [...this.openFaults][0] ?? 'DOOR_OPEN_FAIL');
        else this.help();
        return { ok: true };
    }
  }

  /** firmware/app update: progress reports, then success, or failure when the package cannot be had */
  private update(cmd: Extract<TDownCommand, { action: 'update' }>): { ok: boolean; reason?: string } {
    const base = { cmd_id: cmd.cmd_id, kind: cmd.kind, version: cmd.version };
    this.send('U08', { ...base, stage: 'downloading', progress: 0 });
    const fail = cmd.url.includes('fail');
    setTimeout(() => {
      if (fail) {
        this.send('U08', { ...base, stage: 'failure', progress: 0, reason: 'download failed' });
        return;
      }
      this.send('U08', { ...base, stage: 'installing', progress: 50 });
      setTimeout(() => {
        this.version = cmd.version;
        this.send('U08', { ...base, stage: 'success', progress: 100 });
      }, 200);
    }, 200);
    return fail ? { ok: false, reason: 'download failed' } : { ok: true };
  }
}
