// buildApp: the Fastify app with every module. Tests call it; main.ts adds listen().
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { ErrorCodes } from '@openseller/core';
import type { Database } from './db/client.js';
import { createCaptchaService } from './platform/captcha.js';
import { AppError, inputRefusalOf } from './platform/errors.js';
import { createExports } from './platform/exports.js';
import { createFileStore } from './platform/file-store.js';
import { createHttp, requestLanguage } from './platform/http.js';
import { createImports } from './platform/imports.js';
import { createJobQueue, type JobQueueOptions } from './platform/jobs.js';
import { serverMessageHtml } from './platform/messages.js';
import { createServiceRegistry, type AreaModule, type ModuleContext } from './platform/module.js';
import { createPasswordTransport } from './platform/password-transport.js';
import { createSessionStore } from './platform/sessions.js';
import { createOutboxSmsSender, type SmsSender } from './platform/sms.js';
import { MULTIPART_FILE_LIMIT } from './platform/uploads.js';
import { API_PREFIXES, apiSecurityHeaders, webAppPage } from './platform/web-app.js';
import { registerAccountsRoutes } from './modules/accounts/accounts.routes.js';
import { createAccessService } from './modules/accounts/access.service.js';
import { createAuthService } from './modules/accounts/auth.service.js';
import { createLoginLogService } from './modules/accounts/login-log.service.js';
import { createUsersService } from './modules/accounts/users.service.js';
import { registerExportRoutes } from './modules/exports/exports.routes.js';
import { registerFileRoutes } from './modules/files/files.routes.js';
import { registerImportRoutes } from './modules/imports/imports.routes.js';
import { AREA_MODULES } from './modules/index.js';
import { registerSystemRoutes } from './modules/system/system.routes.js';
import { createSystemService } from './modules/system/system.service.js';

export const APP_VERSION = '0.1.0';

export interface BuildAppOptions {
  database: Database;
  /** The file store's folder (DATA_DIR/files); a temporary folder when not given. */
  filesDir?: string;
  /** The job queue on the same database; without it, imports and exports cannot run. */
  jobs?: JobQueueOptions;
  siteTitle?: string;
  /** Folder of the built web app to serve at '/'; skipped when absent. */
  webDist?: string;
  sms?: SmsSender;
  now?: () => Date;
  logger?: boolean;
  /** Behind a proxy, trust X-Forwarded-For for the client address. */
  trustProxy?: boolean;
  /** Check every answer against its call's answer schema (tests, development); off in production. */
  checkAnswers?: boolean;
  /**
   * Serve HTTPS with HTTP/2 (and HTTP/1.1 for clients without it) with this key and certificate
   * (PEM). Browsers speak HTTP/2 only over TLS; on HTTP/1.1 a browser opens at most six connections
   * to the site, and the web app's pages load their code as many small files.
   */
  tls?: { key: string | Buffer; cert: string | Buffer };
  /** Areas added by the caller (tests), registered after the product's and before the jobs start. */
  modules?: AreaModule[];
}

const JSON_BODY_LIMIT = 1024 * 1024;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const common = { logger: options.logger ? { level: 'info' as const } : false, bodyLimit: JSON_BODY_LIMIT, trustProxy: options.trustProxy ?? false };
  // Fastify's HTTP/2 instance has the same API through its compatibility layer; its type differs only in the raw server.
  const app = options.tls
    ? (Fastify({ ...common, http2: true, https: { allowHTTP1: true, key: options.tls.key, cert: options.tls.cert } }) as unknown as FastifyInstance)
    : Fastify(common);
  // Every route as registered, whoever registers it (tests call each one).
  const routeTable: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
  });
  // Answers of 1 KB or more go compressed to a client that accepts it: a page of 1,000 orders is
  // 2 MB of JSON and 0.15 MB in brotli. Quality 1 is the fast end (2 ms for those 2 MB on one core,
  // in libuv's thread pool); higher qualities save little more for several times the work.
  // The web app's files are compressed once at build time and served as such (preCompressed below).
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } },
    zlibOptions: { level: 1 },
  });
  await app.register(fastifyMultipart, { limits: { fileSize: MULTIPART_FILE_LIMIT, files: 1, fields: 20, parts: 25 } });

  const { database } = options;
  const now = options.now;
  const clock = now ? { now } : {};
  const sessions = createSessionStore({ db: database.db, pool: database.pool, ...clock });
  const transport = createPasswordTransport({ db: database.db });
  const captcha = createCaptchaService({ db: database.db, ...clock });
  const sms = options.sms ?? createOutboxSmsSender();
  const http = createHttp({ sessions, checkAnswers: options.checkAnswers ?? false });
  const jobs = options.jobs ? createJobQueue({ database, ...options.jobs }) : null;
  const files = createFileStore({ db: database.db, root: options.filesDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'openseller-files-')) });
  const exports = createExports({ database, files, jobs, sessions, ...clock });
  const imports = createImports({ database, files, jobs, sessions, ...clock });

  const auth = createAuthService({ database, sessions, transport, captcha, sms, ...clock });
  const access = createAccessService({ database, auth, transport, ...clock });
  const users = createUsersService({ database, sessions, transport, auth, ...clock });
  const loginLog = createLoginLogService({ database });
  const system = createSystemService({ database, siteTitle: options.siteTitle ?? 'OpenSeller', version: APP_VERSION, ...clock });

  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const language = requestLanguage(request);
    const refusal = error instanceof AppError ? error : inputRefusalOf(error, language);
    if (refusal) {
      if (refusal !== error) request.log.warn({ err: error }, 'a database refusal of the input reached the error handler');
      return reply.code(refusal.httpStatus).send({
        success: false,
        errorCode: refusal.code,
        message: serverMessageHtml(refusal.code, refusal.params, language),
        params: refusal.params,
        ...(refusal.fields ? { fields: refusal.fields } : {}),
      });
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ success: false, errorCode: ErrorCodes.PAYLOAD_TOO_LARGE, message: serverMessageHtml(ErrorCodes.PAYLOAD_TOO_LARGE, {}, language) });
    }
    if (fastifyError.statusCode && fastifyError.statusCode < 500) {
      const detail = fastifyError.message;
      return reply
        .code(fastifyError.statusCode)
        .send({ success: false, errorCode: ErrorCodes.VALIDATION, message: serverMessageHtml(ErrorCodes.VALIDATION, { detail }, language), params: { detail } });
    }
    request.log.error(error);
    if (!options.logger) console.error(error);
    return reply.code(500).send({ success: false, errorCode: ErrorCodes.INTERNAL, message: serverMessageHtml(ErrorCodes.INTERNAL, {}, language) });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-frame-options', 'DENY');
    apiSecurityHeaders(request, reply);
    return payload;
  });

  registerAccountsRoutes(app, http, { auth, access, users, loginLog, captcha });
  registerSystemRoutes(app, http, { system, jobs, database });
  registerFileRoutes(app, http, { files });
  // Services areas offer each other (the download centre fetches marketplaces' files through 'stores').
  const registry = createServiceRegistry();
  registerExportRoutes(app, http, { exports, files, registry });
  registerImportRoutes(app, http, { imports });

  // Business areas: each registers its routes, jobs, importers, exporters and home counters.
  const context: ModuleContext = { app, http, database, files, exports, imports, jobs, sessions, system, transport, sms, registry, ...clock };
  for (const register of [...AREA_MODULES, ...(options.modules ?? [])]) await register(context);

  await jobs?.start();
  app.addHook('onClose', async () => {
    await jobs?.stop();
  });

  const webApp = options.webDist && fs.existsSync(path.join(options.webDist, 'index.html')) ? options.webDist : null;
  if (webApp) {
    await app.register(fastifyStatic, {
      root: webApp,
      // The build writes name.br and name.gz beside each text file (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      // Serve whatever the build folder holds now, so a rebuild needs no restart.
      wildcard: true,
      // index.html carries a fresh CSP nonce each time: the not-found handler below sends it.
      index: false,
      allowedPath: (pathName) => pathName !== '/' && !/^\/index\.html/.test(pathName),
      // Off, or send's own 'public, max-age=0' replaces the cache-control setHeaders gives.
      cacheControl: false,
      setHeaders(res, filePath) {
        // Hashed assets never change.
        res.setHeader('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    // Page paths get the app; a missing file (an asset of an older build) gets a real 404.
    const isPagePath = url === '/index.html' || (!API_PREFIXES.some((p) => url.startsWith(p)) && !/\.[a-z0-9]+$/i.test(url));
    if (webApp && request.method === 'GET' && isPagePath && fs.existsSync(path.join(webApp, 'index.html'))) return webAppPage(webApp, reply);
    const language = requestLanguage(request);
    return reply.code(404).send({ success: false, errorCode: ErrorCodes.NOT_FOUND, message: serverMessageHtml(ErrorCodes.NOT_FOUND, { what: url }, language) });
  });

  app.decorate('services', { auth, users, system, sessions, transport, files, exports, imports, registry, http, routeTable });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: {
      auth: ReturnType<typeof createAuthService>;
      users: ReturnType<typeof createUsersService>;
      system: ReturnType<typeof createSystemService>;
      sessions: ReturnType<typeof createSessionStore>;
      transport: ReturnType<typeof createPasswordTransport>;
      files: ReturnType<typeof createFileStore>;
      exports: ReturnType<typeof createExports>;
      imports: ReturnType<typeof createImports>;
      registry: ReturnType<typeof createServiceRegistry>;
      http: ReturnType<typeof createHttp>;
      routeTable: { method: string; url: string }[];
    };
  }
}
