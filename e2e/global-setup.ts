// Starts the built product once, as a user would (`node apps/server/dist/main.js`), on a fresh
// data folder with its embedded PostgreSQL and its root account, and stops it after the run. Each
// journey signs up a seller of its own (fixtures.ts newSeller).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const repo = path.resolve(import.meta.dirname, '..');

export default async function setup(project: TestProject) {
  const main = path.join(repo, 'apps/server/dist/main.js');
  if (!fs.existsSync(main) || !fs.existsSync(path.join(repo, 'apps/web/dist/index.html'))) throw new Error('build the app first: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openseller-e2e-'));
  fs.chmodSync(dataDir, 0o755);
  const server: ChildProcess = spawn(process.execPath, [main], {
    cwd: repo,
    // TRUST_PROXY: each journey's own HTTP calls name their address (fixtures.ts), so the limits per
    // address count journeys apart. CARRIER_SANDBOX_CLOCK: the sandbox carrier's console may move
    // its clock forward, so the tracking journey sees time pass without waiting for it.
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', TRUST_PROXY: '1', CARRIER_SANDBOX_CLOCK: 'console' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in time:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /ready: open (http:\/\/[^\s/]+:\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace('localhost', '127.0.0.1'));
      }
    };
    server.stdout!.on('data', onData);
    server.stderr!.on('data', onData);
    server.on('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
  project.provide('baseUrl', baseUrl);
  return async () => {
    await new Promise<void>((resolve) => {
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
      setTimeout(resolve, 20_000).unref();
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
