import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server proxies API calls to the server started by `npm run dev` (PORT 8080).
const api = process.env.API_URL ?? 'http://127.0.0.1:8080';

const registry = path.resolve(import.meta.dirname, 'src/app/i18n-namespaces.ts');
const NAMESPACES = [...fs.readdirSync(path.resolve(import.meta.dirname, 'src/locales/en')).map((f) => f.replace(/\.json$/, '')), 'importproblems'];
const NAMESPACE_USE = new RegExp(`['"\`](${NAMESPACES.join('|')}):`, 'g');

/** The marker app/page-namespaces.ts carries where the build writes each page's namespaces. */
const PAGE_NAMESPACES_MARKER = 'os-page-namespaces';
const pagesModule = path.resolve(import.meta.dirname, 'src/app/pages.ts');
const routerModule = path.resolve(import.meta.dirname, 'src/app/router.tsx');

/**
 * Language packs per page: each module of the app (and of core) that names a namespace in a key
 * ('orders:title', `nav:routes.${x}`) registers it when it runs (src/app/i18n-namespaces.ts);
 * sign-in loads the packs of the sign-in code, and lazyPage loads a page's packs with its code.
 * The build also writes, for each page of app/pages.ts (and the signed-in shell), the namespaces
 * of the code its chunks hold (app/page-namespaces.ts), so the opened page's packs can be asked
 * for beside its code instead of after it.
 */
function i18nNamespaces(): Plugin {
  const namespacesOf = new Map<string, string[]>();
  // route (or 'layout') → the page module its lazyPage imports
  const pageModules = new Map<string, string>();
  return {
    name: 'i18n-namespaces',
    enforce: 'pre',
    async transform(code, id) {
      const file = id.split('?')[0]!;
      if (file === pagesModule || file === routerModule) {
        const found: [string, string][] = [];
        for (const m of code.matchAll(/'([^']+)': lazyPage\(\(\) => import\('([^']+)'\)\)/g)) found.push([m[1]!, m[2]!]);
        const layout = /const AppLayout = lazyPage\(async \(\) => \(\{ default: \(await import\('([^']+)'\)\)/.exec(code);
        if (layout) found.push(['layout', layout[1]!]);
        if (!found.length) this.error(`i18n-namespaces: no lazyPage(() => import(...)) found in ${file}`);
        for (const [route, spec] of found) {
          const resolved = await this.resolve(spec, id);
          if (resolved) pageModules.set(route, resolved.id);
        }
      }
      if (!/\.(ts|tsx)$/.test(file) || file.includes('/node_modules/') || file === registry || /\.test\.tsx?$/.test(file)) return null;
      const used = [...new Set([...code.matchAll(NAMESPACE_USE)].map((m) => m[1]!))];
      if (!used.length) return null;
      namespacesOf.set(id, used);
      return { code: `import { registerNamespaces as __registerNamespaces } from ${JSON.stringify(registry)};\n__registerNamespaces(${JSON.stringify(used)});\n${code}`, map: null };
    },
    renderChunk(code, _chunk, _options, meta) {
      const marker = new RegExp(`(["'\`])${PAGE_NAMESPACES_MARKER}\\1`);
      if (!marker.test(code)) return null;
      const chunks = Object.values(meta.chunks);
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const pages: Record<string, string[]> = {};
      for (const [route, id] of pageModules) {
        const start = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId === id);
        if (!start) continue;
        // The chunks a page's import loads: its own and their static imports.
        const seen = new Set<string>();
        const stack = [start.fileName];
        const used = new Set<string>();
        while (stack.length) {
          const name = stack.pop()!;
          if (seen.has(name)) continue;
          seen.add(name);
          const chunk = byFile.get(name);
          if (!chunk) continue;
          for (const moduleId of chunk.moduleIds) for (const ns of namespacesOf.get(moduleId) ?? []) used.add(ns);
          stack.push(...chunk.imports);
        }
        pages[route] = [...used].sort();
      }
      return { code: code.replace(marker, JSON.stringify(JSON.stringify(pages))), map: null };
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
