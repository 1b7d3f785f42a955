// SQL helpers every area uses: user text inside a LIKE pattern, and the constraint a unique-index
// violation names (to say which field repeats a value).

/** Escapes LIKE wildcards in user text and wraps it for a contains match. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => '\\' + c)}%`;

/** The constraint a unique-index violation names, or undefined for any other error. */
export function uniqueViolation(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const pg = e as { code?: string; constraint?: string };
    if (pg.code === '23505') return pg.constraint ?? '';
  }
  return undefined;
}
