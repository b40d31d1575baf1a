import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { startFleet } from './fleet.ts';

/**
 * npm run simulate -- --lifts N [--url mqtt://localhost:18830] [--credentials file.json]
 *   [--interval 10000] [--events 0.5] [--root lg]
 * Credentials: a JSON array of {id, secret} (the server writes data/simulator-credentials.json
 * for the demo fleet it provisions); the first N are used.
 */
const { values } = parseArgs({
  options: {
    lifts: { type: 'string', default: '12' },
    url: { type: 'string', default: process.env.MQTT_URL ?? 'mqtt://localhost:18830' },
    credentials: { type: 'string', default: './data/simulator-credentials.json' },
    interval: { type: 'string', default: '10000' },
    events: { type: 'string', default: '0.5' },
    root: { type: 'string', default: 'lg' },
  },
});

const n = Number(values.lifts);
if (!Number.isInteger(n) || n < 1) {
  process.stderr.write('--lifts must be a positive integer\n');
  process.exit(2);
}
let creds: Array<{ id: string; secret: string }>;
try {
  creds = JSON.parse(fs.readFileSync(values.credentials, 'utf8'));
} catch (err) {
  process.stderr.write(
    `Cannot read credentials from ${values.credentials} (${err instanceof Error ? err.message : err}).\nStart the server once with SIMULATED_LIFTS=${n} to provision them, or pass --credentials.\n`,
  );
  process.exit(2);
}
if (creds.length < n) process.stderr.write(`only ${creds.length} credentials available; starting ${creds.length} terminals\n`);

const started = Date.now();
const fleet = await startFleet({
  url: values.url,
  root: values.root,
  terminals: creds.slice(0, n),
  statusIntervalMs: Number(values.interval),
  eventsPerMinute: Number(values.events),
});
process.stdout.write(
  `${fleet.terminals.length} terminals connected to ${values.url} in ${Date.now() - started} ms (${fleet.failed.length} failed)\n`,
);
for (const f of fleet.failed.slice(0, 5)) process.stdout.write(`  ${f.id}: ${f.error}\n`);
const report = setInterval(() => process.stdout.write(`published ${fleet.published()} messages\n`), 10_000);
const stop = async () => {
  clearInterval(report);
  await fleet.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
