// The one way a route is declared: its path, who may call it, the zod contract of its input,
// and a thin handler. Authentication, permission, validation and the envelope happen here, in
// that order, so a call without a session or permission changes nothing and learns nothing.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ALL_CALLS, ErrorCodes, matchLanguage, type Access, type CallAnswer, type CallDef, type CallMap, type CallParsed, type FieldProblem, type Language } from '@openseller/core';
import { actorOf, domainOf } from './caller.js';
import { AppError, forbidden, unauthorized } from './errors.js';
import type { OperationActor } from './operation-log.js';
import type { Session, SessionStore } from './sessions.js';

export type { Access };

export interface CallContext<I, S> {
  input: I;
  session: S;
  /** The caller's seller domain (403 for a session without one, such as the root account). */
  readonly domainId: number;
  /** The operation log's actor of the caller. */
  readonly actor: OperationActor;
  ip: string;
  userAgent: string;
  language: Language;
  request: FastifyRequest;
  reply: FastifyReply;
}

type SessionFor<A extends Access> = A extends 'public' ? Session | null : Session;
type InputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteSpec<S extends z.ZodType | undefined, A extends Access> {
  method?: 'GET' | 'POST';
  url: string;
  access: A;
  /** Parsed from the JSON body (POST) or the query string (GET). */
  input?: S;
  /** Where the input comes from when not the method's default (a POST with query parameters). */
  inputFrom?: 'query' | 'body';
  /** The handler writes the reply itself (images, files) instead of answering data. */
  raw?: boolean;
  handler: (ctx: CallContext<InputOf<S>, SessionFor<A>>) => Promise<unknown> | unknown;
}

const zodLocales: Record<Language, () => { localeError: z.core.$ZodErrorMap }> = {
  zh: z.locales.zhCN,
  zh_TW: z.locales.zhTW,
  en: z.locales.en,
  de: z.locales.de,
  el: z.locales.el,
  es: z.locales.es,
  fa: z.locales.fa,
  fr: z.locales.fr,
  it: z.locales.it,
  ja: z.locales.ja,
  nb_NO: z.locales.no,
  pl: z.locales.pl,
  pt: z.locales.pt,
  ru: z.locales.ru,
  tr: z.locales.tr,
  vi: z.locales.vi,
};
const localeCache = new Map<Language, z.core.$ZodErrorMap>();
function zodErrorMap(language: Language): z.core.$ZodErrorMap {
  let map = localeCache.get(language);
  if (!map) {
    map = zodLocales[language]().localeError;
    localeCache.set(language, map);
  }
  return map;
}

export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers['accept-language'];
  return matchLanguage(Array.isArray(header) ? header[0] : header);
}

/** Parses a payload with its contract; a failure names each field and changes nothing. */
export function parseInput<S extends z.ZodType>(schema: S, payload: unknown, language: Language): z.output<S> {
  const result = schema.safeParse(payload ?? {}, { error: zodErrorMap(language) });
  if (result.success) return result.data;
  const fields: FieldProblem[] = result.error.issues.map((issue) => ({
    field: issue.path.length ? issue.path.join('.') : '(body)',
    message: issue.message,
  }));
  const detail = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
  throw new AppError(ErrorCodes.VALIDATION, 400, { detail, field: fields[0]!.field }, fields);
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

export function checkAccess(access: Access, session: Session): void {
  if (access === 'session') return;
  if (access === 'root') {
    if (!session.isRoot) throw forbidden();
    return;
  }
  if (access === 'main') {
    if (!session.isMain) throw forbidden();
    return;
  }
  if (access === 'public') return;
  if (session.domainId === null) throw forbidden();
  const menus = typeof access.menu === 'string' ? [access.menu] : access.menu;
  if (!menus.some((m) => session.menus.has(m))) throw forbidden();
}

/** What a handler answers: the call's answer, or anything for a raw call (it writes the reply). */
type HandlerAnswer<C extends CallDef> = [CallAnswer<C>] extends [never] ? unknown : CallAnswer<C>;

/** The handler of one catalogue call. */
export type CallHandler<C extends CallDef> = (ctx: CallContext<CallParsed<C>, SessionFor<C['access']>>) => Promise<HandlerAnswer<C>> | HandlerAnswer<C>;

/** One handler per call of a call map. */
export type CallHandlers<M extends CallMap> = { [K in keyof M]: CallHandler<M[K]> };

export interface Http {
  /**
   * Registers every call of a catalogue map (packages/core/src/api) with its handler. A call that
   * is not in the catalogue cannot be registered; a map without a handler for each call does not
   * compile.
   */
  serve<M extends CallMap>(app: FastifyInstance, calls: M, handlers: CallHandlers<M>): void;
  /** Registers one catalogue call. */
  serveCall<C extends CallDef>(app: FastifyInstance, call: C, handler: CallHandler<C>): void;
  /** @deprecated the old route helper, until every area serves from the catalogue. */
  route<S extends z.ZodType | undefined = undefined, A extends Access = Access>(app: FastifyInstance, spec: RouteSpec<S, A>): void;
  /** The session of a request, or null; for routes that read it optionally. */
  sessionOf(request: FastifyRequest): Promise<Session | null>;
}

const CATALOGUE = new Set<CallDef>(ALL_CALLS);

function callContext(input: unknown, session: Session | null, request: FastifyRequest, reply: FastifyReply, language: Language): CallContext<never, never> {
  return {
    input,
    session,
    get domainId() {
      if (!session) throw unauthorized();
      return domainOf(session);
    },
    get actor() {
      if (!session) throw unauthorized();
      return actorOf(session);
    },
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500),
    language,
    request,
    reply,
  } as CallContext<never, never>;
}

/** An answer that does not match its call's answer schema (a bug of ours, caught in tests). */
export class AnswerShapeError extends Error {
  constructor(call: CallDef, issues: readonly { path: PropertyKey[]; message: string }[]) {
    const where = issues
      .slice(0, 5)
      .map((i) => `${i.path.map(String).join('.') || '(data)'}: ${i.message}`)
      .join('; ');
    super(`answer of ${call.method} ${call.path} does not match its schema: ${where}`);
    this.name = 'AnswerShapeError';
  }
}

export interface HttpOptions {
  sessions: SessionStore;
  /** Check every answer against its call's answer schema (tests and development). */
  checkAnswers?: boolean;
}

export function createHttp(deps: HttpOptions): Http {
  async function sessionOf(request: FastifyRequest): Promise<Session | null> {
    const token = bearerToken(request);
    return token ? deps.sessions.resolve(token) : null;
  }

  function serveCall<C extends CallDef>(app: FastifyInstance, call: C, handler: CallHandler<C>): void {
    if (!CATALOGUE.has(call)) throw new Error(`${call.method} ${call.path} is not in the route catalogue (packages/core/src/api)`);
    app.route({
      method: call.method,
      url: call.path,
      handler: async (request, reply) => {
        const language = requestLanguage(request);
        const session = await sessionOf(request);
        if (call.access !== 'public') {
          if (!session) throw unauthorized();
          checkAccess(call.access, session);
        }
        const payload = (call.inputFrom ?? (call.method === 'GET' ? 'query' : 'body')) === 'query' ? request.query : request.body;
        const input = call.input ? parseInput(call.input, payload, language) : undefined;
        const ctx = callContext(input, session, request, reply, language);
        const data = await handler(ctx);
        if (call.raw) return reply;
        const answer = data ?? null;
        if (deps.checkAnswers) {
          const checked = call.output.safeParse(answer);
          if (!checked.success) throw new AnswerShapeError(call, checked.error.issues);
        }
        return reply.send({ success: true, data: answer });
      },
    });
  }

  return {
    sessionOf,
    serveCall,
    serve(app, calls, handlers) {
      for (const [name, call] of Object.entries(calls)) serveCall(app, call, handlers[name] as CallHandler<CallDef>);
    },
    route(app, spec) {
      const method = spec.method ?? 'POST';
      app.route({
        method,
        url: spec.url,
        handler: async (request, reply) => {
          const language = requestLanguage(request);
          const session = await sessionOf(request);
          if (spec.access !== 'public') {
            if (!session) throw unauthorized();
            checkAccess(spec.access, session);
          }
          const payload = (spec.inputFrom ?? (method === 'GET' ? 'query' : 'body')) === 'query' ? request.query : request.body;
          const input = spec.input ? parseInput(spec.input, payload, language) : undefined;
          const ctx = callContext(input, session, request, reply, language);
          const data = await spec.handler(ctx);
          if (spec.raw) return reply;
          return reply.send({ success: true, data: data ?? null });
        },
      });
    },
  };
}
