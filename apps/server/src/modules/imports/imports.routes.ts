// Spreadsheet imports of every area, from the route catalogue (ImportCalls): the template, the
// upload, the check's progress, the load and cancelling.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ImportCalls, ImportKind, ImportOptions } from '@openseller/core';
import { EXCEL_MAX_BYTES } from '../../platform/file-types.js';
import type { Http } from '../../platform/http.js';
import { findUnstorableText, parseInput } from '../../platform/http.js';
import type { Imports } from '../../platform/imports.js';
import { readUpload } from '../../platform/uploads.js';

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
  .pipe(ImportOptions);

export function registerImportRoutes(app: FastifyInstance, http: Http, deps: { imports: Imports }): void {
  const { imports } = deps;
  http.serve(app, ImportCalls, {
    template: async (c) => {
      const { data, fileName } = await imports.template(c.session, c.input.kind, c.language);
      c.reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
        .send(data);
    },
    upload: async (c) => {
      // Multipart: uploadExcel (the file), kind, and options as JSON text.
      const upload = await readUpload(c.request, { field: 'uploadExcel', kind: 'excel', maxBytes: EXCEL_MAX_BYTES });
      const { kind, options } = parseInput(z.object({ kind: ImportKind, options: OptionsText }), upload.fields, c.language);
      return imports.start(c.session, kind, upload, options, c.language);
    },
    get: (c) => imports.get(c.session, c.input.id),
    confirm: (c) => imports.confirm(c.session, c.input.id, c.input.options),
    cancel: (c) => imports.cancel(c.session, c.input.id),
  });
}
