// Orders area, part "archive" (spec 02 §3.5, §7.10; issue 21): the archive search, one archived
// order, and its export to the download centre. See archive.service.ts for what "archived" means.
import { OrderArchiveCalls } from '@openseller/core';
import type { ModuleContext } from '../../../platform/module.js';
import { ARCHIVE_EXPORT_TYPE, archiveExporter, archiveExportTitle } from './archive.exporter.js';
import { createArchiveService } from './archive.service.js';

export function registerOrderArchive(ctx: ModuleContext): void {
  const now = ctx.now ?? (() => new Date());
  const service = createArchiveService({ database: ctx.database, now });
  ctx.exports.register(archiveExporter(now));
  ctx.http.serve(ctx.app, OrderArchiveCalls, {
    search: (c) => service.search(c.session, c.input),
    get: (c) => service.get(c.session, c.input.id),
    export: (c) => ctx.exports.request(c.session, { type: ARCHIVE_EXPORT_TYPE, title: archiveExportTitle(c.language, c.input.exportType), params: c.input as Record<string, unknown>, language: c.language }),
  });
}
