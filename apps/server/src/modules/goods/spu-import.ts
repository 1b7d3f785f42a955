// The spec's direct goods import calls (/myhome/dataImport): spuParseImportFile reads and checks
// a small file sent as base64 and answers its rows and problems; spuLoadImportFile loads checked
// rows in one transaction (served from GoodsCalls by goods.routes.ts). They are thin wrappers over the same importer the import dialog uses
// (the import engine is the main path: large files, progress, background jobs).
import { ErrorCodes, type Language, type SpuLoadImportFileInput, type SpuLoadImportFileResult, type SpuParseImportFileInput, type SpuParseImportFileResult } from '@openseller/core';
import type { Database } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { checkUpload } from '../../platform/file-types.js';
import type { Session } from '../../platform/sessions.js';
import type { Importer, ImportContext, RowProblem } from '../../platform/imports.js';
import { readSheet } from '../../platform/xlsx.js';
import type { GoodsImportRow } from './goods.importers.js';
import { sellerDomain } from './goods.service.js';

const DIRECT_MAX_BYTES = 700_000;

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
      const problem = checkUpload('excel', 'import.xlsx', data, DIRECT_MAX_BYTES);
      if (problem === 'EMPTY') throw new AppError(ErrorCodes.FILE_MISSING, 400, { field: 'byteArray' });
      if (problem === 'SIZE') throw new AppError(ErrorCodes.FILE_EXCEL_SIZE, 400, { field: 'byteArray' });
      if (problem) throw new AppError(ErrorCodes.FILE_EXCEL_FORMAT, 400, { field: 'byteArray' });
      const { rows, missingColumns } = await readSheet(data, importer.columns(c.language));
      if (missingColumns.length) throw new AppError(ErrorCodes.IMPORT_HEADERS, 400, { field: 'byteArray', columns: missingColumns.map((m) => m.header).join(', ') });
      if (!rows.length) throw new AppError(ErrorCodes.IMPORT_EMPTY, 400, { field: 'byteArray' });
      if (rows.length > 2000) throw new AppError(ErrorCodes.IMPORT_TOO_MANY_ROWS, 400, { field: 'byteArray', max: 2000, rows: rows.length });
      const problems: RowProblem[] = [];
      const good: { rowNumber: number; row: GoodsImportRow }[] = [];
      for (const { rowNumber, values } of rows) {
        const parsed = importer.parseRow(values, c.language);
        if ('row' in parsed) good.push({ rowNumber, row: parsed.row });
        else for (const p of parsed.problems) problems.push({ row: rowNumber, ...p });
      }
      const ctx: ImportContext = { tx: db, session: c.session, domainId, language: c.language, options: {} };
      if (importer.check) problems.push(...(await importer.check(good, ctx)));
      problems.sort((a, b) => a.row - b.row);
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
