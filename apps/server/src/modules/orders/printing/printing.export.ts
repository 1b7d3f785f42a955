// The print log as a file of the download centre (cloud/core/printLog/export, spec 02 §7.2, §7.14):
// the rows the log list shows with the same filters, newest first, read in batches by id.
import { and, desc, eq, gte, ilike, lt, lte, or, type SQL } from 'drizzle-orm';
import { PrintCalls, type Language, type PrintLogExportInput } from '@openseller/core';
import { printLogs } from '../../../db/schema/index.js';
import type { ExportContext, Exporter } from '../../../platform/exports.js';

export const PRINT_LOG_EXPORT = 'PRINT_LOG';
const zh = (language: Language) => language.startsWith('zh');
export const printLogExportTitle = (language: Language) => (zh(language) ? '打印日志导出' : 'Print log export');

/** The print log's filters (shared with the list). */
export function printLogWhere(domainId: number, input: PrintLogExportInput): SQL {
  const where: SQL[] = [eq(printLogs.domainId, domainId)];
  if (input.keyword) {
    const k = input.keyword;
    where.push(or(eq(printLogs.orderCode, k), eq(printLogs.expressNo, k), ilike(printLogs.templateName, `%${k.replace(/[%_\\]/g, '\\$&')}%`))!);
  }
  if (input.source) where.push(eq(printLogs.source, input.source));
  if (input.timeFrom) where.push(gte(printLogs.createdAt, new Date(input.timeFrom)));
  if (input.timeTo) where.push(lte(printLogs.createdAt, new Date(input.timeTo)));
  return and(...where)!;
}

const SOURCES: Record<string, [string, string]> = {
  PRINT_SOURCE_SO_PRINT: ['批量打印', 'Batch print'],
  PRINT_SOURCE_REPRINT: ['重打', 'Reprint'],
  PRINT_SOURCE_ONE_PRINT: ['单个打印', 'Single print'],
};

const COLUMNS: [key: string, zh: string, en: string, width?: number][] = [
  ['createdAt', '打印时间', 'Printed at', 20],
  ['orderCode', '订单编号', 'Order code', 22],
  ['expressCompanyCode', '快递公司', 'Express company'],
  ['expressNo', '快递单号', 'Express number', 22],
  ['templateName', '模板', 'Template', 24],
  ['source', '打印方式', 'Source'],
  ['createdByName', '操作人', 'Printed by'],
];

const BATCH = 1000;

export const printLogExporter: Exporter = {
  type: PRINT_LOG_EXPORT,
  access: PrintCalls.exportPrintLog.access,
  sheetName: (language) => (zh(language) ? '打印日志' : 'Print log'),
  columns: (ctx: ExportContext) => COLUMNS.map(([key, zhHeader, enHeader, width]) => ({ key, header: zh(ctx.language) ? zhHeader : enHeader, ...(width ? { width } : {}) })),
  async *rows(ctx: ExportContext) {
    const where = printLogWhere(ctx.domainId, ctx.params as PrintLogExportInput);
    let lastId: number | null = null;
    for (;;) {
      const page = await ctx.db
        .select()
        .from(printLogs)
        .where(lastId === null ? where : and(where, lt(printLogs.id, lastId)))
        .orderBy(desc(printLogs.id))
        .limit(BATCH);
      if (!page.length) return;
      lastId = page[page.length - 1]!.id;
      yield page.map((r) => ({
        createdAt: r.createdAt,
        orderCode: r.orderCode,
        expressCompanyCode: r.expressCompanyCode,
        expressNo: r.expressNo,
        templateName: r.templateName,
        source: SOURCES[r.source]?.[zh(ctx.language) ? 0 : 1] ?? r.source,
        createdByName: r.createdByName ?? '',
      }));
    }
  },
};
