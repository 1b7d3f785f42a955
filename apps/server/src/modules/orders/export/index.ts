// Orders area, part "export" (issue 21 must-have 10): the order list's exports to the download
// centre. See order.exporter.ts; the platform files of the decryption flow are fetched by the
// download centre's getPlatformFile (modules/exports).
import { OrderExportCalls, OrderExportErrors } from '@openseller/core';
import { registerServerMessages } from '../../../platform/messages.js';
import type { ModuleContext } from '../../../platform/module.js';
import { createShipmentFetch, FETCH_SHIPMENTS_JOB } from './fetch-shipments.js';
import { ORDER_EXPORT_TYPE, orderExporter, orderExportTitle } from './order.exporter.js';

export function registerOrderExport(ctx: ModuleContext): void {
  registerServerMessages({
    zh: {
      [OrderExportErrors.PLATFORM_FILE_NOT_BINARY]: (p) => `平台（${p.platformCode}）返回的不是文件，已停止打包下载，请稍后重试`,
      [OrderExportErrors.PLATFORM_FILE_UNREACHABLE]: (p) => `无法从平台（${p.platformCode}）获取导出文件：${p.detail}`,
    },
    en: {
      [OrderExportErrors.PLATFORM_FILE_NOT_BINARY]: (p) => `The platform (${p.platformCode}) did not answer a file, so the zip was abandoned; try again later`,
      [OrderExportErrors.PLATFORM_FILE_UNREACHABLE]: (p) => `The export file could not be fetched from the platform (${p.platformCode}): ${p.detail}`,
    },
  });
  ctx.exports.register(orderExporter({ registry: ctx.registry }));
  const shipments = createShipmentFetch({ database: ctx.database, registry: ctx.registry, jobs: ctx.jobs });
  ctx.jobs?.define({
    name: FETCH_SHIPMENTS_JOB,
    handler: async (data) => {
      const ids = Array.isArray(data.warehouseIds) ? data.warehouseIds.map(Number).filter((n) => Number.isSafeInteger(n)) : [];
      return { items: await shipments.run(Number(data.domainId), ids) };
    },
  });
  ctx.http.serve(ctx.app, OrderExportCalls, {
    exportOrders: (c) =>
      ctx.exports.request(c.session, { type: ORDER_EXPORT_TYPE, title: orderExportTitle(c.language, c.input.exportType), params: c.input as Record<string, unknown>, language: c.language }),
    asyncGetExpOrder: (c) => shipments.request(c.session, c.input),
  });
}
