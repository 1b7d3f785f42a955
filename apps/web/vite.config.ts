import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server proxies API calls to the server started by `npm run dev` (PORT 8080).
const api = process.env.API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        manualChunks(id: string) {
          if (id.includes('node_modules/antd') || id.includes('node_modules/@ant-design') || id.includes('node_modules/rc-') || id.includes('node_modules/@rc-component')) return 'antd';
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
