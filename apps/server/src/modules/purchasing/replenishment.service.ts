// Replenishment suggestions and the purchase-lines import: reads only, nothing saved. The purchase
// price (the supplier's supply price, a file's prices) is PURCHASE_PRICE: not sent to an account
// that may not see it.
import { ErrorCodes, type Language, type PageResult, type PurchaseLinesImportResult, type ReplenishmentRow, type ReplenishmentSearchParsed } from '@openseller/core';
import type { Database } from '../../db/client.js';
import { domainOf } from '../../platform/caller.js';
import { AppError } from '../../platform/errors.js';
import { redactFields } from '../../platform/field-permissions.js';
import { readImportSheet, type ImportContext } from '../../platform/imports.js';
import { pageAnswer } from '../../platform/paging.js';
import type { Session } from '../../platform/sessions.js';
import { templateWorkbook } from '../../platform/xlsx.js';
import { importedLines, purchaseLinesImporter } from './purchase-lines.importer.js';
import { searchReplenishment, skusWithNamesByCodes } from './replenishment.queries.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export function createReplenishmentService(deps: { database: Database; now?: () => Date }) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  return {
    async search(session: Session, input: ReplenishmentSearchParsed): Promise<PageResult<ReplenishmentRow>> {
      const since = new Date(now().getTime() - input.days * DAY_MS);
      const { rows, total } = await searchReplenishment(db, domainOf(session), input, since);
      return pageAnswer(redactFields(rows, { purchasePrice: 'PURCHASE_PRICE' }, session, now()), total, input);
    },

    async linesTemplate(language: Language): Promise<{ data: Buffer; fileName: string }> {
      const name = purchaseLinesImporter.sheetName(language);
      return { data: await templateWorkbook(name, purchaseLinesImporter.columns(language)), fileName: `${name}.xlsx` };
    },

    /** Reads and checks a file of lines: every line when no row has a problem, else every problem. */
    async importLines(session: Session, data: Buffer, extension: string, language: Language): Promise<PurchaseLinesImportResult> {
      if (extension === 'xls') throw new AppError(ErrorCodes.FILE_EXCEL_OLD_FORMAT, 400, { field: 'uploadExcel' });
      const domainId = domainOf(session);
      const ctx: ImportContext = { tx: db, session, domainId, language, options: {} };
      const reading = await readImportSheet(purchaseLinesImporter, data, ctx);
      if (reading.outcome === 'HEADERS') throw new AppError(ErrorCodes.IMPORT_HEADERS, 400, { field: 'uploadExcel', columns: reading.columns });
      if (reading.outcome === 'EMPTY') throw new AppError(ErrorCodes.IMPORT_EMPTY, 400, { field: 'uploadExcel' });
      if (reading.outcome === 'TOO_MANY_ROWS') throw new AppError(ErrorCodes.IMPORT_TOO_MANY_ROWS, 400, { field: 'uploadExcel', max: reading.max, rows: reading.rows });
      if (reading.problems.length) return { total: reading.total, lines: [], errors: reading.problems };
      const rows = reading.good.map((g) => g.row);
      const skus = new Map((await skusWithNamesByCodes(db, domainId, [...new Set(rows.map((r) => r.skuCode))])).map((s) => [s.code, s]));
      const lines = redactFields(importedLines(rows, skus), { price: 'PURCHASE_PRICE' }, session, now());
      return { total: reading.total, lines, errors: [] };
    },
  };
}

export type ReplenishmentService = ReturnType<typeof createReplenishmentService>;
