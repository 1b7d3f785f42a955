import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server proxies API calls to the server started by `npm run dev` (PORT 8080).
const api = process.env.API_URL ?? 'http://127.0.0.1:8080';

const registry = path.resolve(import.meta.dirname, 'src/app/i18n-namespaces.ts');
const NAMESPACES = [...fs.readdirSync(path.resolve(import.meta.dirname, 'src/locales/en')).map((f) => f.replace(/\.json$/, '')), 'importproblems'];
const NAMESPACE_USE = new RegExp(`['"\`](${NAMESPACES.join('|')}):`, 'g');

/**
 * Language packs per page: each module of the app (and of core) that names a namespace in a key
 * ('orders:title', `nav:routes.${x}`) registers it when it runs (src/app/i18n-namespaces.ts);
 * sign-in loads the packs of the sign-in code, and lazyPage loads a page's packs with its code.
 */
function i18nNamespaces(): Plugin {
  return {
    name: 'i18n-namespaces',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!/\.(ts|tsx)$/.test(file) || file.includes('/node_modules/') || file === registry || /\.test\.tsx?$/.test(file)) return null;
      const used = [...new Set([...code.matchAll(NAMESPACE_USE)].map((m) => m[1]!))];
      if (!used.length) return null;
      return { code: `import { registerNamespaces as __registerNamespaces } from ${JSON.stringify(registry)};\n__registerNamespaces(${JSON.stringify(used)});\n${code}`, map: null };
    },
  };
}

export default defineConfig({
  plugins: [i18nNamespaces(), react()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      // antd's rc-components declare no sideEffects, so an antd Input kept all of rc-form (Form,
      // List, the async validator: 24 KB) for the one context it imports from the form's index.
      // Their modules only declare things: unused ones may go.
      treeshake: {
        moduleSideEffects: (id: string) => !/node_modules\/@rc-component\//.test(id),
      },
      output: {
        manualChunks(id: string) {
          // antd, its icons and rc-components are left to the bundler: each page's chunk takes the
          // components it uses (one chunk of all antd was 415 KB brotli on every first load).
          if (id.includes('node_modules/react') || id.includes('node_modules/scheduler')) return 'react';
          // zod with the line turning its eval-compiled parsers off, in one chunk that runs before
          // any module makes a schema (the page's Content-Security-Policy allows no eval).
          if (id.includes('node_modules/zod/') || id.endsWith('/src/app/zod-config.ts')) return 'zod';
          return undefined;
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(['/cloud', '/myhome', '/healthz', '/erp', '/open'].map((p) => [p, { target: api, changeOrigin: true }])),
  },
});
