// The one way a route is declared: its path, who may call it, the zod contract of its input,
// and a thin handler. Authentication, permission, validation and the envelope happen here, in
// that order, so a call without a session or permission changes nothing and learns nothing.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ALL_CALLS, matchLanguage, type Access, type CallAnswer, type CallDef, type CallMap, type CallParsed, type FieldProblem, type Language } from '@openseller/core';
import { actorOf, domainOf } from './caller.js';
import { forbidden, invalidInput, unauthorized } from './errors.js';
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

export interface RefusedCall {
  /** The payload as it came, unchecked. */
  payload: unknown;
  ip: string;
  userAgent: string;
}

type SessionFor<A extends Access> = A extends 'public' ? Session | null : Session;

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

/** How deep a payload may nest; deeper payloads are refused before anything walks them. */
export const MAX_PAYLOAD_DEPTH = 64;

type TextProblem = 'NUL' | 'SURROGATE' | 'DEPTH';

const TEXT_PROBLEMS: Record<'zh' | 'en', Record<TextProblem, string>> = {
  zh: {
    NUL: '含有数据库无法保存的空字符（U+0000）',
    SURROGATE: '含有不成对的 UTF-16 代理字符，不是有效文本',
    DEPTH: `嵌套层级超过 ${MAX_PAYLOAD_DEPTH} 层`,
  },
  en: {
    NUL: 'contains a NUL character (U+0000), which cannot be stored',
    SURROGATE: 'contains a lone UTF-16 surrogate, which is not valid text',
    DEPTH: `is nested deeper than ${MAX_PAYLOAD_DEPTH} levels`,
  },
};

const wording = (language: Language) => TEXT_PROBLEMS[language === 'zh' || language === 'zh_TW' ? 'zh' : 'en'];

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function textProblem(text: string): TextProblem | null {
  if (text.includes('\u0000')) return 'NUL';
  LONE_SURROGATE.lastIndex = 0;
  if (LONE_SURROGATE.test(text)) return 'SURROGATE';
  return null;
}

/** Text with what PostgreSQL cannot hold taken out: NULs dropped, lone surrogates made U+FFFD. */
export const storableText = (text: string) => text.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\uFFFD');

/** A key shown in a field name with its unstorable characters written out (\u0000). */
const printableKey = (key: string) => storableText(key.replaceAll('\u0000', '\\u0000'));

/**
 * Finds the first place in a payload that PostgreSQL cannot hold: a string or key with a NUL
 * character or a lone UTF-16 surrogate, or nesting deeper than MAX_PAYLOAD_DEPTH. Walks with its
 * own stack, so a hostile depth cannot overflow the call stack.
 */
export function findUnstorableText(payload: unknown, root = ''): { field: string; problem: TextProblem } | null {
  const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: payload, path: root, depth: 0 }];
  while (stack.length) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return { field: path || '(body)', problem };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_PAYLOAD_DEPTH) return { field: path || '(body)', problem: 'DEPTH' };
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: join(path, i), depth: depth + 1 });
      continue;
    }
    const keys = Object.keys(value);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      const problem = textProblem(key);
      if (problem) return { field: join(path, printableKey(key)), problem };
      stack.push({ value: (value as Record<string, unknown>)[key], path: join(path, key), depth: depth + 1 });
    }
  }
  return null;
}

/** Refuses a payload holding text the database cannot store, naming the field; see findUnstorableText. */
export function refuseUnstorableText(payload: unknown, language: Language, root = ''): void {
  const found = findUnstorableText(payload, root);
  if (found) throw invalidInput([{ field: found.field, message: wording(language)[found.problem] }]);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Parses a payload with its contract; a failure names each field and changes nothing. */
export function parseInput<S extends z.ZodType>(schema: S, payload: unknown, language: Language): z.output<S> {
  refuseUnstorableText(payload, language);
  const result = schema.safeParse(payload ?? {}, { error: zodErrorMap(language) });
  if (result.success) return result.data;
  const fields: FieldProblem[] = result.error.issues.map((issue) => ({
    field: issue.path.length ? issue.path.join('.') : '(body)',
    message: issue.message,
  }));
  throw invalidInput(fields);
}

const NOT_AN_OBJECT = { zh: '请求体应为 JSON 对象', en: 'the body must be a JSON object' };
const NOT_JSON = { zh: '请求体应为 JSON（application/json）', en: 'the body must be JSON (application/json)' };

/**
 * The edge check every route gets before its handler: the query string and the body hold only
 * storable text, and a body is a JSON object (not an array, a bare value, text or a form), unless
 * the route reads the body itself.
 */
function checkPayload(request: FastifyRequest, spec: { rawBody?: boolean; multipart?: boolean }, language: Language): void {
  refuseUnstorableText(request.query, language);
  const chinese = language === 'zh' || language === 'zh_TW';
  // A form to a route that takes JSON would otherwise be read as an empty object; an upload
  // route reads its form itself (platform/uploads.ts checks its fields the same way).
  if (isMultipartRequest(request)) {
    if (spec.multipart) return;
    throw invalidInput([{ field: '(body)', message: chinese ? NOT_JSON.zh : NOT_JSON.en }]);
  }
  if (spec.rawBody) return;
  const body = request.body;
  if (body !== undefined && !isPlainObject(body)) throw invalidInput([{ field: '(body)', message: chinese ? NOT_AN_OBJECT.zh : NOT_AN_OBJECT.en }]);
  refuseUnstorableText(body, language);
}

/** A multipart form, by its content type (whether or not the multipart plugin is registered). */
function isMultipartRequest(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return typeof type === 'string' && type.toLowerCase().startsWith('multipart/');
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

/** A declared route as the registry keeps it (tests call every one). */
export interface DeclaredRoute {
  method: 'GET' | 'POST';
  url: string;
  access: Access;
  input?: z.ZodType;
  inputFrom: 'query' | 'body';
  rawBody: boolean;
  multipart: boolean;
  /** The catalogue call it serves. */
  call: CallDef;
}

/** What a handler answers: the call's answer, or anything for a raw call (it writes the reply). */
type HandlerAnswer<C extends CallDef> = [CallAnswer<C>] extends [never] ? unknown : CallAnswer<C>;

/** The handler of one catalogue call. */
export type CallHandlerFn<C extends CallDef> = (ctx: CallContext<CallParsed<C>, SessionFor<C['access']>>) => Promise<HandlerAnswer<C>> | HandlerAnswer<C>;

/** A handler, or a handler with what to do when the edge refuses the payload (sign-in counts it). */
export type CallHandler<C extends CallDef> = CallHandlerFn<C> | { handler: CallHandlerFn<C>; onRefused: (ctx: RefusedCall) => Promise<void> };

/** One handler per call of a call map. */
export type CallHandlers<M extends CallMap> = { [K in keyof M]: CallHandler<M[K]> };

export interface Http {
  /** Every route declared, in the order declared. */
  readonly routes: readonly DeclaredRoute[];
  /**
   * Registers every call of a catalogue map (packages/core/src/api) with its handler. A call that
   * is not in the catalogue cannot be registered; a map without a handler for each call does not
   * compile.
   */
  serve<M extends CallMap>(app: FastifyInstance, calls: M, handlers: CallHandlers<M>): void;
  /** Registers one catalogue call. */
  serveCall<C extends CallDef>(app: FastifyInstance, call: C, handler: CallHandler<C>): void;
  /** The session of a request, or null; for routes that read it optionally. */
  sessionOf(request: FastifyRequest): Promise<Session | null>;
}

const CATALOGUE = new Set<CallDef>(ALL_CALLS);

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

/** How one catalogue call is handled once registered. */
interface Endpoint {
  method: 'GET' | 'POST';
  url: string;
  access: Access;
  input?: z.ZodType | undefined;
  inputFrom: 'query' | 'body';
  raw: boolean;
  rawBody: boolean;
  multipart: boolean;
  onRefused?: ((ctx: RefusedCall) => Promise<void>) | undefined;
  handler: (ctx: CallContext<never, never>) => unknown;
  /** Checks an answer before it is sent (the catalogue's answer schema). */
  check?: ((answer: unknown) => void) | undefined;
  call: CallDef;
}

export function createHttp(deps: HttpOptions): Http {
  async function sessionOf(request: FastifyRequest): Promise<Session | null> {
    const token = bearerToken(request);
    return token ? deps.sessions.resolve(token) : null;
  }

  const routes: DeclaredRoute[] = [];

  // Authentication, permission, the edge check of the payload, its contract, the handler, the
  // envelope: in that order, so a refused call changes nothing and learns nothing.
  function register(app: FastifyInstance, endpoint: Endpoint): void {
    routes.push({
      method: endpoint.method,
      url: endpoint.url,
      access: endpoint.access,
      ...(endpoint.input ? { input: endpoint.input } : {}),
      inputFrom: endpoint.inputFrom,
      rawBody: endpoint.rawBody,
      multipart: endpoint.multipart,
      call: endpoint.call,
    });
    app.route({
      method: endpoint.method,
      url: endpoint.url,
      ...(endpoint.call.bodyLimit ? { bodyLimit: endpoint.call.bodyLimit } : {}),
      handler: async (request, reply) => {
        const language = requestLanguage(request);
        const session = await sessionOf(request);
        if (endpoint.access !== 'public') {
          if (!session) throw unauthorized();
          checkAccess(endpoint.access, session);
        }
        const payload = endpoint.inputFrom === 'query' ? request.query : request.body;
        const userAgent = String(request.headers['user-agent'] ?? '').slice(0, 500);
        let input: unknown;
        try {
          checkPayload(request, endpoint, language);
          input = endpoint.input ? parseInput(endpoint.input, payload, language) : undefined;
        } catch (error) {
          if (endpoint.onRefused) await endpoint.onRefused({ payload, ip: request.ip, userAgent });
          throw error;
        }
        const ctx = {
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
          userAgent,
          language,
          request,
          reply,
        } as CallContext<never, never>;
        const data = await endpoint.handler(ctx);
        if (endpoint.raw) return reply;
        const answer = data ?? null;
        endpoint.check?.(answer);
        return reply.send({ success: true, data: answer });
      },
    });
  }

  function serveCall<C extends CallDef>(app: FastifyInstance, call: C, handler: CallHandler<C>): void {
    if (!CATALOGUE.has(call)) throw new Error(`${call.method} ${call.path} is not in the route catalogue (packages/core/src/api)`);
    const fn = (typeof handler === 'function' ? handler : handler.handler) as (ctx: CallContext<never, never>) => unknown;
    register(app, {
      method: call.method,
      url: call.path,
      access: call.access,
      input: call.input,
      inputFrom: call.inputFrom ?? (call.method === 'GET' ? 'query' : 'body'),
      raw: !!call.raw,
      rawBody: !!call.rawBody,
      multipart: !!call.multipart,
      onRefused: typeof handler === 'function' ? undefined : handler.onRefused,
      handler: fn,
      check: deps.checkAnswers
        ? (answer) => {
            const checked = call.output.safeParse(answer);
            if (!checked.success) throw new AnswerShapeError(call, checked.error.issues);
          }
        : undefined,
      call,
    });
  }

  return {
    routes,
    sessionOf,
    serveCall,
    serve(app, calls, handlers) {
      for (const [name, call] of Object.entries(calls)) serveCall(app, call, handlers[name] as CallHandler<CallDef>);
    },
  };
}
