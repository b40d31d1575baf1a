// Gzip size of the JavaScript the /login route loads: the entry's static imports, the login
// page chunk and its static imports, and the catalogue chunks of the language shown (loaded at
// start-up), read from dist/.vite/manifest.json after `vite build`.
// Usage: node scripts/login-bundle-size.mjs [page module] [locale]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(process.env.DIST ?? path.join(import.meta.dirname, '../dist'));
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const page = process.argv[2] ?? 'src/features/auth/LoginPage.tsx';

const files = new Set();
const visit = (key) => {
  const entry = manifest[key];
  if (!entry || files.has(entry.file)) return;
  files.add(entry.file);
  for (const dep of entry.imports ?? []) visit(dep);
};
const locale = process.argv[3] ?? 'zh-CN';
visit('index.html');
visit(page);
// Only the areas loaded at start-up (SHELL_AREAS of src/i18n/catalogue.ts); the rest load with the signed-in shell.
const catalogueSource = fs.readFileSync(path.join(import.meta.dirname, '../src/i18n/catalogue.ts'), 'utf8');
const shellAreas = JSON.parse((/SHELL_AREAS[^=]*=\s*(\[[^\]]*\])/.exec(catalogueSource)?.[1] ?? '[]').replace(/'/g, '"'));
for (const area of shellAreas) visit(`src/i18n/${locale}/${area}.json`);

let raw = 0;
let gz = 0;
const rows = [];
for (const f of files) {
  const buf = fs.readFileSync(path.join(dist, f));
  const g = zlib.gzipSync(buf, { level: 9 }).length;
  raw += buf.length;
  gz += g;
  rows.push([f, (g / 1024).toFixed(1)]);
}
rows.sort((a, b) => Number(b[1]) - Number(a[1]));
for (const [f, k] of rows) console.log(`${k.padStart(7)} KB  ${f}`);
console.log(`${page}: ${files.size} JS files, ${(raw / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(1)} KB gzip`);
