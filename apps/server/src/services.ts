import type { BuiltApp } from './app.ts';

/**
 * Background services started with the server (demo seed, MQTT gateway, simulated fleet, jobs).
 * Each later module adds its start here; tests build the app without them.
 */
export async function startServices(_built: BuiltApp): Promise<void> {}
