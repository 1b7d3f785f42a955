// The download centre's calls (spec 01 §7, spec 02 §7.2), from the route catalogue (ExportCalls).
import type { FastifyInstance } from 'fastify';
import JSZip from 'jszip';
import { ExportCalls, OrderExportErrors, OrderRevealErrors, RECEIVER_REVEAL_FIELD, ErrorCodes } from '@openseller/core';
import { AppError } from '../../platform/errors.js';
import type { Exports } from '../../platform/exports.js';
import type { FileStore } from '../../platform/file-store.js';
import { canRevealReceivers } from '../../platform/field-permissions.js';
import type { Http } from '../../platform/http.js';
import type { ServiceRegistry } from '../../platform/module.js';
import type { StoresAreaService } from '../stores/index.js';

const attachment = (name: string) => `attachment; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * Whether a marketplace's answer is a file: not a text type (an error page, JSON), and not
 * starting with markup. An xlsx is a zip (PK…).
 */
export function isBinaryAnswer(contentType: string, data: Buffer): boolean {
  if (/^\s*(text\/|application\/(json|xml|xhtml\+xml|problem\+json))/i.test(contentType)) return false;
  const head = data.subarray(0, 64).toString('latin1').trimStart();
  return data.length > 0 && !head.startsWith('<') && !head.startsWith('{');
}

const extensionOf = (contentType: string) => (/zip/i.test(contentType) ? 'zip' : /csv/i.test(contentType) ? 'csv' : 'xlsx');

export function registerExportRoutes(app: FastifyInstance, http: Http, deps: { exports: Exports; files: FileStore; registry: ServiceRegistry }): void {
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
      c.reply.header('content-type', file.mimeType).header('content-disposition', attachment(`${title}.xlsx`)).header('cache-control', 'no-store').send(data);
    },
    // The decryption flow (spec 01 §4.5): the marketplaces' own files of the export, receivers in full.
    platformFile: async (c) => {
      const { title, files } = await exports.platformFilesOf(c.session, c.input.fileId);
      if (!files.length) throw new AppError(ErrorCodes.FILE_NOT_EXIST, 404, { field: 'fileId' });
      // The files carry receivers in full: only for an account that may still see them.
      if (!canRevealReceivers(c.session)) throw new AppError(OrderRevealErrors.FORBIDDEN, 403, { field: RECEIVER_REVEAL_FIELD });
      const stores = deps.registry.get<StoresAreaService>('stores');
      const fetched: { name: string; contentType: string; data: Buffer }[] = [];
      for (const [index, ref] of files.entries()) {
        let answer: { contentType: string; data: Buffer } | null;
        try {
          const connection = await stores.connectorFor(c.session.domainId!, ref.storeId);
          answer = await connection.downloadExportFile({ fileKey: ref.fileKey, exportType: ref.exportType, timestamp: ref.timestamp, sign: ref.sign });
        } catch (error) {
          throw new AppError(OrderExportErrors.PLATFORM_FILE_UNREACHABLE, 502, { platformCode: ref.platformCode, storeId: ref.storeId, detail: error instanceof Error ? error.message.slice(0, 200) : String(error) });
        }
        if (!answer) throw new AppError(ErrorCodes.FILE_NOT_EXIST, 404, { field: 'fileId' });
        if (!isBinaryAnswer(answer.contentType, answer.data)) {
          // One file: what the spec shows for an html answer; several: the zip is abandoned.
          if (files.length === 1) throw new AppError(ErrorCodes.FILE_NOT_EXIST, 404, { field: 'fileId' });
          throw new AppError(OrderExportErrors.PLATFORM_FILE_NOT_BINARY, 502, { platformCode: ref.platformCode, storeId: ref.storeId, index });
        }
        fetched.push({ name: `${title}-${ref.platformCode}-${ref.storeId}-${index + 1}.${extensionOf(answer.contentType)}`, ...answer });
      }
      if (fetched.length === 1) {
        const only = fetched[0]!;
        c.reply.header('content-type', only.contentType).header('content-disposition', attachment(only.name)).header('cache-control', 'no-store').send(only.data);
        return;
      }
      const zip = new JSZip();
      for (const f of fetched) zip.file(f.name, f.data);
      const data = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
      c.reply.header('content-type', 'application/zip').header('content-disposition', attachment(`${title}.zip`)).header('cache-control', 'no-store').send(data);
    },
  });
}
