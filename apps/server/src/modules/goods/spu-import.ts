// The spec's direct goods import calls (/myhome/dataImport): spuParseImportFile reads and checks
// a file sent as base64 and answers its rows and problems; spuLoadImportFile loads checked rows in
// one transaction (served from GoodsCalls by goods.routes.ts). They run on the import engine: the
// same importer, the same reading and checks (readImportSheet) and the same caps (5M, the
// importer's row cap) as the import dialog's background tasks; only the answer differs (the rows
// come back to the caller instead of waiting in a task).
import { ErrorCodes, type Language, type SpuLoadImportFileInput, type SpuLoadImportFileResult, type SpuParseImportFileInput, type SpuParseImportFileResult } from '@openseller/core';
import type { Database } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { checkUpload, EXCEL_MAX_BYTES } from '../../platform/file-types.js';
import type { Session } from '../../platform/sessions.js';
import { readImportSheet, type Importer, type ImportContext, type RowProblem } from '../../platform/imports.js';
import type { GoodsImportRow } from './goods.importer.js';
import { sellerDomain } from './goods.service.js';

/** A parsed row back as the cell texts the importer reads. */
function asCells(row: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k, v === null || v === undefined ? '' : Array.isArray(v) ? v.join(',') : String(v)]),
  );
}

export interface SpuImport {
  parse(session: Session, input: SpuParseImportFileInput, language: Language): Promise<SpuParseImportFileResult>;
  load(session: Session, input: SpuLoadImportFileInput, language: Language): Promise<SpuLoadImportFileResult>;
}

export function createSpuImport(deps: { database: Database; importer: Importer<GoodsImportRow> }): SpuImport {
  const { db } = deps.database;
  const { importer } = deps;

  return {
    async parse(session, input, language) {
      const c = { session, input, language };
      const domainId = sellerDomain(c.session);
      if (c.input.excelType === 'xls') throw new AppError(ErrorCodes.FILE_EXCEL_OLD_FORMAT, 400, { field: 'byteArray' });
      const data = Buffer.from(c.input.byteArray, 'base64');
      // The same file rules as the import dialog's upload (platform/uploads.ts): one size cap.
      const problem = checkUpload('excel', 'import.xlsx', data, EXCEL_MAX_BYTES);
      if (problem === 'EMPTY') throw new AppError(ErrorCodes.FILE_MISSING, 400, { field: 'byteArray' });
      if (problem === 'SIZE') throw new AppError(ErrorCodes.FILE_EXCEL_SIZE, 400, { field: 'byteArray' });
      if (problem) throw new AppError(ErrorCodes.FILE_EXCEL_FORMAT, 400, { field: 'byteArray' });
      // The same reading and checks as the import engine's tasks (readImportSheet): one row cap.
      const ctx: ImportContext = { tx: db, session: c.session, domainId, language: c.language, options: {} };
      const reading = await readImportSheet(importer, data, ctx);
      if (reading.outcome === 'HEADERS') throw new AppError(ErrorCodes.IMPORT_HEADERS, 400, { field: 'byteArray', columns: reading.columns });
      if (reading.outcome === 'EMPTY') throw new AppError(ErrorCodes.IMPORT_EMPTY, 400, { field: 'byteArray' });
      if (reading.outcome === 'TOO_MANY_ROWS') throw new AppError(ErrorCodes.IMPORT_TOO_MANY_ROWS, 400, { field: 'byteArray', max: reading.max, rows: reading.rows });
      const { good, problems } = reading;
      const summary = problems.length || !importer.summarize ? {} : await importer.summarize(good.map((g) => g.row), ctx);
      return { spuList: problems.length ? [] : good.map((g) => g.row), errors: problems, summary };
    },

    async load(session, input, language) {
      const c = { session, input, language };
      const domainId = sellerDomain(c.session);
      // The rows come from the client: every one is checked again, as on the first read.
      const problems: RowProblem[] = [];
      const good: { rowNumber: number; row: GoodsImportRow }[] = [];
      c.input.spuList.forEach((raw, i) => {
        const parsed = importer.parseRow(asCells(raw), c.language);
        if ('row' in parsed) good.push({ rowNumber: i + 1, row: parsed.row });
        else for (const p of parsed.problems) problems.push({ row: i + 1, ...p });
      });
      return db.transaction(async (tx) => {
        const ctx: ImportContext = { tx, session: c.session, domainId, language: c.language, options: { isCover: c.input.isCover } };
        if (!problems.length && importer.check) problems.push(...(await importer.check(good, ctx)));
        if (problems.length) {
          problems.sort((a, b) => a.row - b.row);
          const first = problems[0]!;
          throw new AppError(
            ErrorCodes.VALIDATION,
            400,
            { field: `spuList.${first.row - 1}.${first.field}`, detail: problems.slice(0, 20).map((p) => `#${p.row} ${p.field}: ${p.message}`).join('; ') },
            problems.map((p) => ({ field: `spuList.${p.row - 1}.${p.field}`, message: p.message })),
          );
        }
        return importer.load(
          good.map((g) => g.row),
          ctx,
          async () => {},
        );
      });
    },
  };
}
