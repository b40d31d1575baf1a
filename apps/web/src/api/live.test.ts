import { describe, expect, it } from 'vitest';
import { LiveClient } from './live.ts';

class FakeSocket {
  readyState = 0;
  sent: { type: string; data: string[] }[] = [];
  closed = false;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
  }
  serverSends(msg: unknown) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
  drop(code = 1006) {
    this.onclose?.({ code });
  }
}

function harness() {
  const sockets: FakeSocket[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const client = new LiveClient({
    socket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    url: (t) => `ws://test/ws/live/${t}`,
    backoff: [100, 200],
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: () => undefined,
  });
  return { client, sockets, timers };
}

const status = (terminal_id: string, floor: number) => ({
  action: 'up_report_status',
  code: 'U01',
  terminal_id,
  lift_id: 1,
  timestamp: 1,
  data: { floor },
});

describe('LiveClient', () => {
  it('queues subscriptions made before the server says code 200, then sends them once', () => {
    const { client, sockets } = harness();
    client.connect('tok');
    client.subscribe(['T1', 'T2']);
    const ws = sockets[0]!;
    expect(ws.url).toBe('ws://test/ws/live/tok');
    expect(ws.sent).toEqual([]);
    ws.serverSends({ code: 200 });
    expect(client.status).toBe('open');
    expect(ws.sent).toEqual([{ type: 'subscribe', data: ['T1', 'T2'] }]);
    client.subscribe(['T3']);
    expect(ws.sent.at(-1)).toEqual({ type: 'subscribe', data: ['T3'] });
  });

  it('counts references: cancels a terminal only when its last watcher leaves', () => {
    const { client, sockets } = harness();
    client.connect('tok');
    sockets[0]!.serverSends({ code: 200 });
    const a = client.subscribe(['T1']);
    const b = client.subscribe(['T1', 'T2']);
    a();
    expect(sockets[0]!.sent.filter((m) => m.type === 'cancel')).toEqual([]);
    b();
    expect(sockets[0]!.sent.at(-1)).toEqual({ type: 'cancel', data: ['T1', 'T2'] });
    expect(client.subscribed).toEqual([]);
  });

  it('reconnects with backoff after a drop, emits reconnect and subscribes again', () => {
    const { client, sockets, timers } = harness();
    let reconnects = 0;
    client.onMeta('reconnect', () => {
      reconnects++;
    });
    client.connect('tok');
    client.subscribe(['T9']);
    sockets[0]!.serverSends({ code: 200 });
    expect(reconnects).toBe(0);
    sockets[0]!.drop();
    expect(client.status).toBe('closed');
    expect(timers.map((t) => t.ms)).toEqual([100]);
    timers[0]!.fn();
    // the second attempt fails before opening: the next wait is longer
    sockets[1]!.drop();
    expect(timers.map((t) => t.ms)).toEqual([100, 200]);
    timers[1]!.fn();
    const ws = sockets[2]!;
    expect(ws.sent).toEqual([]);
    ws.serverSends({ code: 200 });
    expect(ws.sent).toEqual([{ type: 'subscribe', data: ['T9'] }]);
    expect(reconnects).toBe(1);
  });

  it('hands typed events to listeners and drops frames that break the contract', () => {
    const { client, sockets } = harness();
    const seen: number[] = [];
    client.on('up_report_status', (e) => seen.push(Number(e.data.floor)));
    client.connect('tok');
    const ws = sockets[0]!;
    ws.serverSends({ code: 200 });
    ws.serverSends(status('T1', 3));
    ws.serverSends({ action: 'no_such_action', terminal_id: 'T1', lift_id: 1, timestamp: 1, data: {} });
    ws.serverSends({ action: 'up_report_status', terminal_id: 'T1' });
    ws.onmessage?.({ data: 'not json' });
    ws.serverSends(status('T1', 4));
    expect(seen).toEqual([3, 4]);
  });

  it('does not reconnect after a refused token or a forced offline', () => {
    const { client, sockets, timers } = harness();
    const refused: number[] = [];
    client.onMeta('refused', (code) => refused.push(code));
    client.connect('bad');
    sockets[0]!.serverSends({ code: 402, msg: 'Abnormal login' });
    sockets[0]!.drop(4402);
    expect(refused).toEqual([402]);
    expect(client.status).toBe('refused');
    expect(timers).toEqual([]);

    const h = harness();
    let forced = 0;
    h.client.on('forced_offline', () => forced++);
    h.client.connect('tok');
    h.sockets[0]!.serverSends({ code: 200 });
    h.sockets[0]!.serverSends({ action: 'forced_offline', terminal_id: null, lift_id: null, timestamp: 1, data: {} });
    h.sockets[0]!.drop(4403);
    expect(forced).toBe(1);
    expect(h.timers).toEqual([]);
  });
});
