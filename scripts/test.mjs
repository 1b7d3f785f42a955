#!/usr/bin/env node
// `npm test`: type checks, unit tests, API tests on the embedded PostgreSQL (or TEST_DATABASE_URL),
// a production build, and the end-to-end tests in Chromium when Chromium is installed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();

function step(title, command, args, env = {}) {
  const t0 = Date.now();
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${title} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${title} (${seconds}s)`);
}

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(Boolean);
  return candidates.find((c) => existsSync(c));
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

step('type check', npm, ['run', '--silent', 'typecheck']);
step('lint', npm, ['run', '--silent', 'lint']);
step('unit tests (core, web)', npx, ['vitest', 'run', '--project', 'core', '--project', 'web']);
step(`API tests (${process.env.TEST_DATABASE_URL ? 'TEST_DATABASE_URL' : 'embedded PostgreSQL'})`, npx, ['vitest', 'run', '--project', 'server']);
step('build', npm, ['run', '--silent', 'build']);

const chromium = findChromium();
if (chromium) {
  step(`end-to-end tests (${chromium})`, npx, ['vitest', 'run', '--config', 'e2e/vitest.config.ts'], { CHROMIUM_PATH: chromium });
} else if (process.env.CI === 'true' || process.env.CI === '1') {
  console.error('\n✗ end-to-end tests: no Chromium found (looked for $CHROMIUM_PATH, /usr/bin/chromium). In CI the browser tests must run: install it with `apt-get install -y chromium`.');
  process.exit(1);
} else {
  console.log('\n=== end-to-end tests ===');
  console.log('SKIPPED: no Chromium found (looked for $CHROMIUM_PATH, /usr/bin/chromium). Install it with `apt-get install -y chromium` to run them.');
}
console.log(`\nAll tests passed in ${((Date.now() - started) / 1000).toFixed(0)}s.`);
