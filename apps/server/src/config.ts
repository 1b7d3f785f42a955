// Settings come from the environment; README.md lists them.
import path from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  production: boolean;
  siteTitle: string;
  /** Passwords of the demo accounts; null means "do not create a default password". */
  demoPasswords: { root: string | null; demo: string | null; picker: string | null };
  /** Start the job workers in this process (the role flag of ARCHITECTURE.md). */
  workers: boolean;
  /** Check every answer against the route catalogue's answer schema (development and tests). */
  checkAnswers: boolean;
  /** TLS_CERT_FILE and TLS_KEY_FILE (PEM): serve HTTPS with HTTP/2 instead of plain HTTP. */
  tls: { certFile: string; keyFile: string } | undefined;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  // Outside production the demo accounts get the documented passwords; in production only
  // an explicit override creates them.
  const demoPassword = (override: string | undefined, fallback: string) => override || (production ? null : fallback);
  const certFile = env.TLS_CERT_FILE || undefined;
  const keyFile = env.TLS_KEY_FILE || undefined;
  if (!certFile !== !keyFile) throw new Error('TLS_CERT_FILE and TLS_KEY_FILE go together: set both (PEM files) to serve HTTPS, or neither');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    production,
    siteTitle: env.SITE_TITLE ?? 'OpenSeller',
    demoPasswords: {
      root: demoPassword(env.ROOT_PASSWORD, 'Root#2026go'),
      demo: demoPassword(env.DEMO_PASSWORD, 'Seller#2026go'),
      picker: demoPassword(env.PICKER_PASSWORD, 'Picker#2026go'),
    },
    workers: env.WORKERS !== '0',
    checkAnswers: env.CHECK_ANSWERS ? env.CHECK_ANSWERS === '1' : env.NODE_ENV === 'development' || env.NODE_ENV === 'test',
    tls: certFile && keyFile ? { certFile: path.resolve(certFile), keyFile: path.resolve(keyFile) } : undefined,
  };
}
