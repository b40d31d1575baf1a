import { SimTerminal, type SimTerminalOptions } from './terminal.ts';

export type FleetOptions = Omit<SimTerminalOptions, 'id' | 'secret'> & {
  terminals: Array<{ id: string; secret: string }>;
  /** connections opened at once */
  concurrency?: number;
};

export type Fleet = {
  terminals: SimTerminal[];
  byId: (id: string) => SimTerminal | undefined;
  /** terminals that failed to connect, with the reason */
  failed: Array<{ id: string; error: string }>;
  published: () => number;
  stop: () => Promise<void>;
};

/** Start a fleet of simulated terminals, `concurrency` connections at a time. */
export async function startFleet(opts: FleetOptions): Promise<Fleet> {
  const { terminals: creds, concurrency = 100, ...common } = opts;
  const terminals = creds.map((c) => new SimTerminal({ ...common, id: c.id, secret: c.secret }));
  const failed: Fleet['failed'] = [];
  const started: SimTerminal[] = [];
  let next = 0;
  const worker = async () => {
    while (next < terminals.length) {
      const t = terminals[next++] as SimTerminal;
      try {
        await t.start();
        started.push(t);
      } catch (err) {
        failed.push({ id: t.id, error: err instanceof Error ? err.message : String(err) });
        await t.stop().catch(() => undefined);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, terminals.length) }, worker));
  const index = new Map(started.map((t) => [t.id, t]));
  return {
    terminals: started,
    byId: (id) => index.get(id),
    failed,
    published: () => started.reduce((n, t) => n + t.published, 0),
    stop: async () => {
      await Promise.all(started.map((t) => t.stop().catch(() => undefined)));
    },
  };
}
