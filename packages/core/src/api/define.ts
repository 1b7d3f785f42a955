// The route catalogue's building blocks. Every server call is one CallDef: the spec's path and
// method, who may call it, the zod contract of its input and of its answer. The server registers
// its routes only from these (apps/server/src/platform/http.ts), the web app calls them only
// through them (apps/web/src/app/request.ts callApi), and in tests every answer is checked
// against its answer schema.
import { z } from 'zod';

/** Who may call a route. A menu access also requires a seller domain; any of several menus admits. */
export type Access = 'public' | 'session' | 'root' | 'main' | { readonly menu: string | readonly string[] };

export interface CallDef<I extends z.ZodType | undefined = z.ZodType | undefined, O extends z.ZodType = z.ZodType, A extends Access = Access> {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly access: A;
  /** Parsed from the JSON body (POST) or the query string (GET); undefined: the call takes nothing. */
  readonly input: I;
  /** The `data` of a successful envelope. For raw calls, a marker: the handler writes the reply. */
  readonly output: O;
  /** Where the input comes from when not the method's default (a POST with query parameters). */
  readonly inputFrom?: 'query' | 'body';
  /** The handler writes the reply itself (an image, a file, a redirect) instead of an envelope. */
  readonly raw?: boolean;
  /** The call takes a multipart form (a file and text fields), read by the handler. */
  readonly multipart?: boolean;
  /** The handler reads the body as text itself (a signed body) and checks what it holds. */
  readonly rawBody?: boolean;
  /** The largest body the call takes, when larger than the server's default (a file in base64). */
  readonly bodyLimit?: number;
}

/** A call map of one area: name → call. */
export type CallMap = Record<string, CallDef>;

/** What a client sends: the input schema's input type (defaults may be left out). */
export type CallInput<C extends CallDef> = C['input'] extends z.ZodType ? z.input<C['input']> : void;
/** What a handler receives after parsing. */
export type CallParsed<C extends CallDef> = C['input'] extends z.ZodType ? z.output<C['input']> : undefined;
/** What the answer's data is. Answer schemas carry no transforms, so input and output agree. */
export type CallAnswer<C extends CallDef> = z.output<C['output']>;

interface CallOptions {
  inputFrom?: 'query' | 'body';
  raw?: boolean;
  multipart?: boolean;
  rawBody?: boolean;
  bodyLimit?: number;
}

/** The answer of a raw call (a file, an image): not an envelope, not checked. */
export const RawAnswer = z.custom<never>(() => true);
/** The answer of a call whose data is null (an acknowledgement). */
export const NoAnswer = z.null();
export type NoAnswer = null;

function define<I extends z.ZodType | undefined, O extends z.ZodType, A extends Access>(
  method: 'GET' | 'POST',
  path: string,
  access: A,
  input: I,
  output: O,
  options: CallOptions = {},
): CallDef<I, O, A> {
  return Object.freeze({ method, path, access, input, output, ...options });
}

/** A POST call with a JSON body (the spec's default). */
export function post<I extends z.ZodType | undefined, O extends z.ZodType, A extends Access>(
  path: string,
  access: A,
  input: I,
  output: O,
  options?: CallOptions,
): CallDef<I, O, A> {
  return define('POST', path, access, input, output, options);
}

/** A GET call; its input comes from the query string. */
export function get<I extends z.ZodType | undefined, O extends z.ZodType, A extends Access>(
  path: string,
  access: A,
  input: I,
  output: O,
  options?: CallOptions,
): CallDef<I, O, A> {
  return define('GET', path, access, input, output, options);
}

/** A page of rows: { voList, total, currentPage, pageSize }. */
export function pageOf<T extends z.ZodType>(row: T) {
  return z.object({ voList: z.array(row), total: z.number().int().nonnegative(), currentPage: z.number().int(), pageSize: z.number().int() });
}

/** A list answered as { voList }. */
export function voListOf<T extends z.ZodType>(row: T) {
  return z.object({ voList: z.array(row) });
}

/** The menus of an access, for documentation and the permission checks. */
export function accessMenus(access: Access): readonly string[] {
  if (typeof access === 'string') return [];
  return typeof access.menu === 'string' ? [access.menu] : access.menu;
}
