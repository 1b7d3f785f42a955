#!/usr/bin/env node
// `npm run dev`: the server from TypeScript sources (restarted by tsx on change) and the Vite dev
// server with hot reload, which proxies API calls to it.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], { stdio: 'inherit', env: { NODE_ENV: 'development', ...process.env } }),
  spawn('npx', ['vite', '--config', 'apps/web/vite.config.ts', 'apps/web', '--port', process.env.WEB_PORT ?? '5173'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGINT');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
