import type { BuiltApp } from './app.ts';
import { startDemoFleet } from './gateway/demo-fleet.ts';
import { startGateway } from './gateway/index.ts';
import { jobsFor } from './jobs/queue.ts';
import { seedRegistryDemoDefault } from './modules/lift/seed.ts';
import { seedMaintenanceDemo } from './modules/maintenance/seed.ts';
import { seedDemo } from './modules/seed/index.ts';

/**
 * Background services started with the server (demo seed, MQTT gateway, simulated fleet, jobs).
 * Each later module adds its start here; tests build the app without them.
 */
export async function startServices(built: BuiltApp): Promise<void> {
  // demo organisation first (SEED_DEMO): later seeds hang their lifts off its ids
  await seedDemo(built);
  // registry demo lifts, terminals and SIMs (idempotent) over the demo communities; before the fleet, which drives their terminals
  if (built.ctx.config.SEED_DEMO) await seedRegistryDemoDefault(built.ctx.db);
  // a few maintenance records of this month on the demo lifts, so the dashboard's maintenance and repair counters show
  if (built.ctx.config.SEED_DEMO) await seedMaintenanceDemo(built.ctx.db);
  // MQTT gateway (embedded aedes, or MQTT_URL), then the demo fleet on it
  const gateway = await startGateway(built.ctx, { log: built.app.log });
  await startDemoFleet(built.ctx, gateway, built.app.log);
  // durable jobs: fault SMS alerts and regulatory push (modules register their handlers at build time)
  jobsFor(built.ctx).start();
}
