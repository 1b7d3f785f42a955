// Picture uploads (spec 01 §5, §7) and the public reading of pictures by their unguessable key.
// The upload answers the key; the client prefixes it with PICTURE_PREFIX (spec 02 §7.3).
import type { FastifyInstance } from 'fastify';
import { ErrorCodes, FileCalls, PICTURE_PREFIX, PICTURE_USE_TYPES, PictureUploadFields } from '@openseller/core';
import { AppError, forbidden } from '../../platform/errors.js';
import { GOODS_PICTURE_MAX_BYTES, IMAGE_MAX_BYTES } from '../../platform/file-types.js';
import type { FileStore } from '../../platform/file-store.js';
import type { Http } from '../../platform/http.js';
import { parseInput } from '../../platform/http.js';
import { readUpload } from '../../platform/uploads.js';

export { PICTURE_PREFIX };

export function registerFileRoutes(app: FastifyInstance, http: Http, deps: { files: FileStore }): void {
  http.serve(app, FileCalls, {
    uploadPicture: async (c) => {
      if (c.session.domainId === null) throw forbidden();
      // Goods pictures (useType SKU, the default) are limited to 1024000 bytes; other pictures to 5M.
      const upload = await readUpload(c.request, { field: 'file', kind: 'image', maxBytes: IMAGE_MAX_BYTES });
      const { useType } = parseInput(PictureUploadFields, upload.fields, c.language);
      if (useType === 'SKU' && upload.data.length > GOODS_PICTURE_MAX_BYTES) throw new AppError(ErrorCodes.FILE_PICTURE_SIZE, 400, { field: 'file' });
      const stored = await deps.files.save({
        domainId: c.session.domainId,
        useType,
        originalName: upload.filename,
        extension: upload.extension,
        data: upload.data,
        createdBy: c.session.userId,
      });
      return stored.fileKey;
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
