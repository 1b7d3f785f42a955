// The one way a route is declared: its path, who may call it, the zod contract of its input,
// and a thin handler. Authentication, permission, validation and the envelope happen here, in
// that order, so a call without a session or permission changes nothing and learns nothing.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorCodes, matchLanguage, type FieldProblem, type Language } from '@openseller/core';
import { AppError, forbidden, unauthorized } from './errors.js';
import type { Session, SessionStore } from './sessions.js';

/** Who may call a route. A menu access also requires a seller domain. */
export type Access = 'public' | 'session' | 'root' | 'main' | { menu: string | readonly string[] };

export interface CallContext<I, S> {
  input: I;
  session: S;
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

export interface Http {
  route<S extends z.ZodType | undefined = undefined, A extends Access = Access>(app: FastifyInstance, spec: RouteSpec<S, A>): void;
  /** The session of a request, or null; for routes that read it optionally. */
  sessionOf(request: FastifyRequest): Promise<Session | null>;
}

export function createHttp(deps: { sessions: SessionStore }): Http {
  async function sessionOf(request: FastifyRequest): Promise<Session | null> {
    const token = bearerToken(request);
    return token ? deps.sessions.resolve(token) : null;
  }

  return {
    sessionOf,
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
          const ctx = {
            input,
            session,
            ip: request.ip,
            userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500),
            language,
            request,
            reply,
          } as CallContext<never, never>;
          const data = await spec.handler(ctx);
          if (spec.raw) return reply;
          return reply.send({ success: true, data: data ?? null });
        },
      });
    },
  };
}
