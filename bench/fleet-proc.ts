// A part of a simulated fleet in its own process (bench/commands.ts with --fleet-procs): one
// process may not hold both ends of 10,000 MQTT connections (open-file limit). Connects the
// terminals of a credentials file, says `{"type":"connected",…}` on stdout, obeys commands and
// firmware updates like real terminals, and stops when stdin closes.
import fs from 'node:fs';
import { startFleet } from '../tools/simulator/src/index.ts';

type Args = { url: string; creds: string; version: string };
const args = JSON.parse(process.argv[2] ?? '{}') as Args;
const creds = JSON.parse(fs.readFileSync(args.creds, 'utf8')) as Array<{ id: string; secret: string }>;
const fleet = await startFleet({
  url: args.url,
  terminals: creds,
  traffic: false,
  statusIntervalMs: 300_000,
  heartbeatMs: 60_000,
  version: args.version,
  concurrency: 50,
});
process.stdout.write(`${JSON.stringify({ type: 'connected', ids: fleet.terminals.map((t) => t.id), failed: fleet.failed.length })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void fleet.stop().then(() => process.exit(0));
});
