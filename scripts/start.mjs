#!/usr/bin/env node
// `npm start`: build the web app when its sources are newer than the build, then run the server.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const sources = Math.max(
  newestMtime(path.join(root, 'apps/web/src')),
  newestMtime(path.join(root, 'packages/contract/src')),
  fs.existsSync(path.join(root, 'apps/web/index.html')) ? fs.statSync(path.join(root, 'apps/web/index.html')).mtimeMs : 0,
);
const built = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;
if (process.env.SKIP_WEB_BUILD !== '1' && sources > built) {
  console.log('Building the web app…');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const tsx = path.join(root, 'node_modules/.bin/tsx');
const child = spawn(tsx, [path.join(root, 'apps/server/src/main.ts')], { cwd: root, stdio: 'inherit', env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
