// Bundles the server into dist/main.js. Dependencies stay in node_modules; the workspace's own
// TypeScript packages (@openseller/core) are bundled in.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-dependencies',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@openseller/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
