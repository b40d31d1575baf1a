import { defineConfig } from 'vitest/config';

// Unit tests of every workspace; the server's integration suite (apps/server/test) runs on its own.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      { test: { name: 'server-unit', root: 'apps/server', include: ['src/**/*.test.ts'] } },
      { test: { name: 'simulator', root: 'tools/simulator', include: ['src/**/*.test.ts'], passWithNoTests: true } },
      'apps/web',
    ],
  },
});
