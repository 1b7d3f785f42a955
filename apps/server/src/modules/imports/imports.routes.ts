// Spreadsheet imports of every area: the template, the upload, the check's progress, the load and cancelling.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Id } from '@openseller/core';
import { EXCEL_MAX_BYTES } from '../../platform/file-types.js';
import type { Http } from '../../platform/http.js';
import { findUnstorableText, parseInput } from '../../platform/http.js';
import type { Imports } from '../../platform/imports.js';
import { readUpload } from '../../platform/uploads.js';

const Kind = z.string().trim().min(1).max(40);
const Options = z.record(z.string(), z.union([z.boolean(), z.string(), z.number()])).default({});
/** The upload's options arrive as JSON text in a form field; text that is not JSON is refused, not a fault. */
const OptionsText = z
  .string()
  .max(2000)
  .optional()
  .transform((text, ctx) => {
    if (!text) return {};
    try {
      const options = JSON.parse(text) as unknown;
      // An escaped NUL (\u0000) only appears once the text is read.
      const unstorable = findUnstorableText(options);
      if (unstorable) ctx.addIssue({ code: 'custom', message: `${unstorable.field}: not storable text` });
      return options;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'not valid JSON' });
      return z.NEVER;
    }
  })
  .pipe(Options);

export function registerImportRoutes(app: FastifyInstance, http: Http, deps: { imports: Imports }): void {
  const { imports } = deps;
  http.route(app, {
    method: 'GET',
    url: '/cloud/core/import/template',
    access: 'session',
    input: z.object({ kind: Kind }),
    raw: true,
    handler: async (c) => {
      const { data, fileName } = await imports.template(c.session, c.input.kind, c.language);
      c.reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
        .send(data);
    },
  });
  http.route(app, {
    url: '/cloud/core/import/upload',
    access: 'session',
    multipart: true,
    handler: async (c) => {
      // Multipart: uploadExcel (the file), kind, and options as JSON text.
      const upload = await readUpload(c.request, { field: 'uploadExcel', kind: 'excel', maxBytes: EXCEL_MAX_BYTES });
      const { kind, options } = parseInput(
        z.object({ kind: Kind, options: OptionsText }),
        upload.fields,
        c.language,
      );
      return imports.start(c.session, kind, upload, options, c.language);
    },
  });
  http.route(app, { url: '/cloud/core/import/get', access: 'session', input: z.object({ id: Id }), handler: (c) => imports.get(c.session, c.input.id) });
  http.route(app, {
    url: '/cloud/core/import/confirm',
    access: 'session',
    input: z.object({ id: Id, options: Options }),
    handler: (c) => imports.confirm(c.session, c.input.id, c.input.options),
  });
  // Not in the spec (its import calls show no paths): drops a task nobody is loading.
  http.route(app, { url: '/cloud/core/import/cancel', access: 'session', input: z.object({ id: Id }), handler: (c) => imports.cancel(c.session, c.input.id) });
}
