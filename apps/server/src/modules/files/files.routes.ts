// Picture uploads (spec 01 §5, §7) and the public reading of pictures by their unguessable key.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ErrorCodes } from '@openseller/core';
import { AppError, forbidden } from '../../platform/errors.js';
import { GOODS_PICTURE_MAX_BYTES, IMAGE_MAX_BYTES } from '../../platform/file-types.js';
import type { FileStore } from '../../platform/file-store.js';
import type { Http } from '../../platform/http.js';
import { parseInput } from '../../platform/http.js';
import { readUpload } from '../../platform/uploads.js';

/** The prefix that turns an upload's answer into a picture reference. */
export const PICTURE_PREFIX = '/erp/pub/file/';
const PICTURE_USE_TYPES = ['SKU', 'STORE_LOGO', 'PICTURE'] as const;

export function registerFileRoutes(app: FastifyInstance, http: Http, deps: { files: FileStore }): void {
  http.route(app, {
    url: '/cloud/core/file/upload',
    access: 'session',
    multipart: true,
    handler: async (c) => {
      if (c.session.domainId === null) throw forbidden();
      // Goods pictures (useType SKU, the default) are limited to 1024000 bytes; other pictures to 5M.
      const upload = await readUpload(c.request, { field: 'file', kind: 'image', maxBytes: IMAGE_MAX_BYTES });
      const { useType } = parseInput(z.object({ useType: z.enum(PICTURE_USE_TYPES).default('SKU') }), upload.fields, c.language);
      if (useType === 'SKU' && upload.data.length > GOODS_PICTURE_MAX_BYTES) throw new AppError(ErrorCodes.FILE_PICTURE_SIZE, 400, { field: 'file' });
      const stored = await deps.files.save({
        domainId: c.session.domainId,
        useType,
        originalName: upload.filename,
        extension: upload.extension,
        data: upload.data,
        createdBy: c.session.userId,
      });
      return { fileKey: stored.fileKey, url: PICTURE_PREFIX + stored.fileKey, size: stored.size };
    },
  });

  app.get('/erp/pub/file/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const file = /^[a-z0-9/_-]+\.[a-z0-9]+$/.test(key) ? await deps.files.byKey(key) : undefined;
    if (!file || !(PICTURE_USE_TYPES as readonly string[]).includes(file.useType)) {
      return reply.code(404).send({ success: false, errorCode: ErrorCodes.FILE_NOT_EXIST, message: 'file does not exist' });
    }
    return reply
      .header('content-type', file.mimeType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'")
      .send(await deps.files.read(file));
  });
}
