/// <reference types="vitest/config" />
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { getConfig } from '@lingui/conf';

// web/lingui.config.ts, also when vitest runs this config from the repository's root.
const linguiConfig = getConfig({ configPath: `${import.meta.dirname}/lingui.config.ts` });

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

/**
 * `vite` proxies /api, /idp and /app-config.json to a running API (API_URL, default :3000);
 * `vite --mode mock` proxies /api to the Prism mock (`pnpm mock`, 127.0.0.1:4010) and signs in a mock user.
 */
export default defineConfig(({ mode }) => {
  const proxy: Record<string, string> =
    mode === 'mock' ? { '/api': 'http://127.0.0.1:4010' } : { '/api': apiTarget, '/idp': apiTarget, '/app-config.json': apiTarget };
  return {
  // Lingui's macros (`t`, `<Trans>`, `msg`) become catalogue look-ups by its Babel plugin before React's transform;
  // @vitejs/plugin-react 6 no longer runs Babel itself, so Rolldown's Babel plugin does, and only for the files that
  // import a macro (the rest stays on the fast path). The lingui plugin compiles a `.po` catalogue when it is
  // imported. The same plugins run in vitest's web project, which is this config.
  plugins: [
    babel({
      presets: [
        {
          preset: { plugins: [['@lingui/babel-plugin-lingui-macro', { linguiConfig }]] },
          rolldown: { filter: { code: /@lingui\/(core|react)\/macro/ } },
        },
      ],
    }),
    react(),
    lingui({ configPath: `${import.meta.dirname}/lingui.config.ts` }),
  ],
  // The generated client and models (orval, generated/web), as `@generated/...`; tsconfig.json's `paths` says the same.
  resolve: { alias: { '@generated': path.resolve(import.meta.dirname, '../generated/web') } },
  server: {
    port: 5173,
    proxy,
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      onwarn(warning, warn) {
        // @mantine/schedule reads rrule's default export behind an `in` check, which works; the bundler cannot
        // see that and warns on every build.
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('rrule')) return;
        warn(warning);
      },
    },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // One module graph per worker instead of one per file: Mantine and the generated client are imported once, not
    // once per file. setup.ts still runs for each file and cleans what tests share (rendered trees, MSW handlers,
    // notifications); a test about module state (what is loaded yet) takes fresh modules with vi.resetModules().
    isolate: false,
    testTimeout: 20_000,
  },
};
});
