import { defineConfig } from 'vitest/config';

// Pure unit tests (guards, http decisions, i18n catalogues) run in node; no DOM needed.
export default defineConfig({
  test: { name: 'web', environment: 'node', include: ['src/**/*.test.ts'] },
});
