// The download centre's calls (spec 01 §7, spec 02 §7.2), from the route catalogue (ExportCalls).
import type { FastifyInstance } from 'fastify';
import { ExportCalls } from '@openseller/core';
import type { Exports } from '../../platform/exports.js';
import type { FileStore } from '../../platform/file-store.js';
import type { Http } from '../../platform/http.js';

export function registerExportRoutes(app: FastifyInstance, http: Http, deps: { exports: Exports; files: FileStore }): void {
  const { exports } = deps;
  http.serve(app, ExportCalls, {
    search: (c) => exports.search(c.session, c.input),
    pollingList: (c) => exports.pollingList(c.session),
    markRead: async (c) => {
      await exports.markRead(c.session, c.input.map((i) => i.id));
      return null;
    },
    delete: async (c) => {
      await exports.remove(c.session, c.input.id);
      return null;
    },
    download: async (c) => {
      const { file, title } = await exports.fileFor(c.session, c.input.number);
      const data = await deps.files.read(file);
      c.reply
        .header('content-type', file.mimeType)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${title}.xlsx`)}`)
        .header('cache-control', 'no-store')
        .send(data);
    },
  });
}
