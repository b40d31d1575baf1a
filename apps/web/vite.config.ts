import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';

const backend = process.env.LIFTGUARD_API ?? 'http://localhost:8080';

/**
 * Long-lived vendor code gets its own chunks so the login route loads only what it needs;
 * Ant Design is left to Rollup so that components used only by lazy pages stay in their chunks.
 */
function chunkOf(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
  if (/node_modules\/(i18next|react-i18next)\//.test(id)) return 'i18n';
  if (/node_modules\/@tanstack\//.test(id)) return 'query';
  if (/node_modules\/zod\//.test(id)) return 'zod';
  return undefined;
}

export default defineConfig({
  // plugin-react is hoisted beside the root's newer vite, whose Plugin type differs only in typings
  plugins: [react() as unknown as PluginOption],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/f': { target: backend, changeOrigin: true },
      '/ws': { target: backend.replace(/^http/, 'ws'), ws: true, changeOrigin: true },
    },
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 900,
    manifest: true,
    // many tiny shared chunks compress badly one by one; merge the side-effect-free small ones
    rollupOptions: { output: { manualChunks: chunkOf, experimentalMinChunkSize: 12_000 } },
  },
});
