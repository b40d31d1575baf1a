// `npm run bench -- <name>` runs bench/<name>.ts; without a name, lists them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const names = fs
  .readdirSync(here)
  .filter((f) => f.endsWith('.ts') && !['run.ts', 'support.ts'].includes(f))
  .map((f) => f.slice(0, -3));
const wanted = process.argv.slice(2);
if (wanted.length === 0) {
  console.log(`Benchmarks: ${names.join(', ')}\nRun one: npm run bench -- <name>`);
  process.exit(0);
}
for (const name of wanted) {
  if (!names.includes(name)) throw new Error(`no benchmark ${name}; have ${names.join(', ')}`);
  const r = spawnSync(path.join(here, '../node_modules/.bin/tsx'), [path.join(here, `${name}.ts`)], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
