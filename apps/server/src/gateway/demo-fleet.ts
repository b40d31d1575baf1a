import fs from 'node:fs';
import path from 'node:path';
import { startFleet } from '@liftguard/simulator';
import type { AppContext } from '../platform/context.ts';
import type { Gateway } from './index.ts';
import { hashTerminalSecret, newTerminalSecret } from './terminal-secret.ts';

/**
 * Give terminals fresh secrets (only their hashes are stored, so a simulator needs new ones on
 * every start) and return the credentials. Used for the demo fleet and by benchmarks.
 */
export async function resetTerminalSecrets(ctx: AppContext, terminalIds: string[]): Promise<Array<{ id: string; secret: string }>> {
  const creds = terminalIds.map((id) => ({ id, secret: newTerminalSecret() }));
  for (const c of creds) {
    await ctx.db
      .updateTable('terminal')
      .set({ mqtt_secret_hash: hashTerminalSecret(c.secret) })
      .where('terminal_id', '=', c.id)
      .execute();
  }
  return creds;
}

/**
 * The small in-process fleet of `npm start`: the first SIMULATED_LIFTS demo lifts bound to a
 * terminal get simulated terminals. Only with SEED_DEMO outside production, because their
 * secrets are replaced. Credentials are written to data/simulator-credentials.json so
 * `npm run simulate` can drive the same terminals.
 */
export async function startDemoFleet(ctx: AppContext, gateway: Gateway, log: { info: (o: object, m: string) => void }): Promise<void> {
  const { config } = ctx;
  if (!config.SEED_DEMO || config.NODE_ENV === 'production' || config.SIMULATED_LIFTS === 0 || !gateway.ports) return;
  const rows = await ctx.db
    .selectFrom('lift as l')
    .innerJoin('terminal as t', 't.terminal_id', 'l.terminal_id')
    .select('t.terminal_id')
    .where('l.deleted_at', 'is', null)
    .where('l.is_virtual', '=', false)
    .orderBy('l.id')
    .limit(config.SIMULATED_LIFTS)
    .execute();
  if (rows.length === 0) {
    log.info({}, 'no demo lifts with terminals: simulated fleet not started');
    return;
  }
  const creds = await resetTerminalSecrets(
    ctx,
    rows.map((r) => r.terminal_id),
  );
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(path.join(config.dataDir, 'simulator-credentials.json'), JSON.stringify(creds), { mode: 0o600 });
  const fleet = await startFleet({
    url: `mqtt://127.0.0.1:${gateway.ports.mqtt}`,
    root: gateway.topicRoot,
    terminals: creds,
    statusIntervalMs: 10_000,
    eventsPerMinute: config.SIMULATED_EVENTS_PER_MINUTE,
  });
  ctx.onClose(() => fleet.stop());
  log.info({ terminals: fleet.terminals.length, failed: fleet.failed.length }, 'simulated fleet started');
}
