// The download centre's calls (spec 02 §7.2).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DateTimeText, Id, PageQuery } from '@openseller/core';
import type { Exports } from '../../platform/exports.js';
import type { FileStore } from '../../platform/file-store.js';
import type { Http } from '../../platform/http.js';

const SearchInput = PageQuery.extend({
  exportStartTime: DateTimeText.optional(),
  exportEndTime: DateTimeText.optional(),
  unread: z.boolean().optional(),
});

// "JSON text of items {id, unread:false}": accepted as text or as a list.
const ReadItems = z.array(z.object({ id: Id, unread: z.literal(false) })).max(1000);
const BatchUnreadInput = z.object({
  items: z.union([
    ReadItems,
    z.string().transform((text, ctx) => {
      try {
        return ReadItems.parse(JSON.parse(text));
      } catch {
        ctx.addIssue({ code: 'custom', message: 'not a JSON list of {id, unread:false}' });
        return z.NEVER;
      }
    }),
  ]),
});

export function registerExportRoutes(app: FastifyInstance, http: Http, deps: { exports: Exports; files: FileStore }): void {
  const { exports } = deps;
  http.route(app, { url: '/cloud/core/exportFile/searchPageList', access: 'session', input: SearchInput, handler: (c) => exports.search(c.session, c.input) });
  http.route(app, { url: '/cloud/core/exportFile/needPollingList', access: 'session', handler: (c) => exports.pollingList(c.session) });
  http.route(app, {
    url: '/cloud/core/exportFile/batchUpdateUnread',
    access: 'session',
    input: BatchUnreadInput,
    handler: (c) => exports.markRead(c.session, c.input.items.map((i) => i.id)),
  });
  http.route(app, { url: '/cloud/core/exportFile/deleteFile', access: 'session', input: z.object({ id: Id }), handler: (c) => exports.remove(c.session, c.input.id) });
  http.route(app, {
    url: '/cloud/core/exportFile/downloadExcel',
    access: 'session',
    input: z.object({ number: z.coerce.number().int().positive() }),
    raw: true,
    handler: async (c) => {
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
