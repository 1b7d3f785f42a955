// Replenishment suggestions and the purchase-lines import (ReplenishmentCalls; chosen paths, see
// README.md). Handlers only translate.
import type { FastifyInstance } from 'fastify';
import { ReplenishmentCalls } from '@openseller/core';
import { EXCEL_MAX_BYTES } from '../../platform/file-types.js';
import type { Http } from '../../platform/http.js';
import { readUpload } from '../../platform/uploads.js';
import type { ReplenishmentService } from './replenishment.service.js';

export function registerReplenishmentRoutes(app: FastifyInstance, http: Http, service: ReplenishmentService): void {
  http.serve(app, ReplenishmentCalls, {
    search: (c) => service.search(c.session, c.input),
    linesTemplate: async (c) => {
      const { data, fileName } = await service.linesTemplate(c.language);
      c.reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
        .send(data);
    },
    importLines: async (c) => {
      const upload = await readUpload(c.request, { field: 'uploadExcel', kind: 'excel', maxBytes: EXCEL_MAX_BYTES });
      return service.importLines(c.session, upload.data, upload.extension, c.language);
    },
  });
}
