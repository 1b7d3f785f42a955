// The courier bill import (kind EXPRESS_BILL): the file is read by the carrier's column template
// (options.reconciliationId), every bad line is reported at once and nothing is loaded then; a
// good file's lines are inserted (a waybill already imported for the carrier is left as it was,
// so importing the same bill twice changes nothing) and matched to our parcels in the same
// transaction.
import { sql } from 'drizzle-orm';
import { EXPRESS_BILL_IMPORT_KIND, ExpressBillImportRow, FreightErrors } from '@openseller/core';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { Importer, ImportContext, RowProblem } from '../../platform/imports.js';
import { problem, rowProblem, rowProblems, say } from '../../platform/import-problems.js';
import { bigintArray, textArray } from '../../platform/sql.js';
import { matchBillLines } from './freight.queries.js';
import { fenOfYuan, gramsOfKg, kgOfGrams } from './freight.rules.js';
import type { FreightService } from './freight.service.js';

const CHUNK = 10_000;
const BILL_TIME = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** A bill's time text as a UTC+8 time (couriers bill in China time), or null when it is no date. */
export function billTimeOf(text: string): Date | null {
  const m = BILL_TIME.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h - 8, mi, s));
  const china = new Date(date.getTime() + 8 * 3600_000);
  const same = china.getUTCFullYear() === y && china.getUTCMonth() === mo - 1 && china.getUTCDate() === d && china.getUTCHours() === h && mi < 60 && s < 60;
  return same ? date : null;
}

const monthOf = (date: Date) => new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 7);

async function templateOfTask(service: FreightService, ctx: ImportContext) {
  const id = Number(ctx.options.reconciliationId);
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError('ERR_VALIDATION', 400, { field: 'reconciliationId', detail: 'reconciliationId: choose the carrier bill template' });
  const template = await service.reconciliationOf(ctx.domainId, id, ctx.tx);
  if (!template.enabled) throw new AppError(FreightErrors.RECONCILIATION_DISABLED, 409, { field: 'reconciliationId', name: template.name });
  return template;
}

export function createExpressBillImporter(service: () => FreightService): Importer<ExpressBillImportRow> {
  return {
    kind: EXPRESS_BILL_IMPORT_KIND,
    access: { menu: 'MENU_EXPRESS_RECONCILIATION' },
    maxRows: 200_000,
    sheetName: (language) => say(language, '快递账单', 'Courier bill'),
    columns: (language) => [
      { key: 'expressNo', header: say(language, '运单号', 'Waybill number'), aliases: ['运单号', 'Waybill number'], required: true },
      { key: 'weight', header: say(language, '计费重量', 'Billed weight'), aliases: ['计费重量', 'Billed weight'], required: true },
      { key: 'fee', header: say(language, '运费', 'Fee'), aliases: ['运费', 'Fee'], required: true },
      { key: 'billTime', header: say(language, '发货时间', 'Shipped at'), aliases: ['发货时间', 'Shipped at'] },
    ],
    async readColumns(ctx) {
      const template = await templateOfTask(service(), ctx);
      return [
        { key: 'expressNo', header: template.waybillNoColumn, required: true },
        { key: 'weight', header: template.weightColumn, required: true },
        { key: 'fee', header: template.feeColumn, required: true },
        ...(template.timeColumn ? [{ key: 'billTime', header: template.timeColumn }] : []),
      ];
    },
    parseRow(values, language) {
      const parsed = ExpressBillImportRow.safeParse({ ...values, billTime: values.billTime || undefined });
      if (!parsed.success) return { problems: rowProblems(parsed.error, language, values) };
      if (parsed.data.billTime && !billTimeOf(parsed.data.billTime)) return { problems: [problem(language, 'billTime', 'DATE_TIME')] };
      return { row: parsed.data };
    },
    async check(rows, ctx) {
      const template = await templateOfTask(service(), ctx);
      const problems: RowProblem[] = [];
      const seen = new Map<string, number>();
      for (const { rowNumber, row } of rows) {
        const first = seen.get(row.expressNo);
        if (first !== undefined) problems.push(rowProblem(ctx.language, rowNumber, 'expressNo', 'DUPLICATE_ROW', { row: first }));
        else seen.set(row.expressNo, rowNumber);
        if (template.feeUnit === 'FEN' && !/^\d+$/.test(row.fee)) problems.push(rowProblem(ctx.language, rowNumber, 'fee', 'WHOLE_NUMBER'));
        if (template.weightUnit === 'G' && !/^\d+$/.test(row.weight)) problems.push(rowProblem(ctx.language, rowNumber, 'weight', 'WHOLE_NUMBER'));
      }
      return problems;
    },
    async summarize(rows, ctx) {
      const template = await templateOfTask(service(), ctx);
      const existing = await alreadyImported(ctx.tx, ctx.domainId, template.expressCompanyCode, rows.map((r) => r.expressNo));
      return { new: rows.length - existing, existing };
    },
    async load(rows, ctx, progress) {
      const template = await templateOfTask(service(), ctx);
      const importedMonth = monthOf(new Date());
      const ids: number[] = [];
      for (let start = 0; start < rows.length; start += CHUNK) {
        const chunk = rows.slice(start, start + CHUNK);
        const grams = chunk.map((r) => (template.weightUnit === 'G' ? Number(r.weight) : gramsOfKg(r.weight)));
        const fees = chunk.map((r) => (template.feeUnit === 'FEN' ? Number(r.fee) : fenOfYuan(r.fee)));
        const times = chunk.map((r) => (r.billTime ? billTimeOf(r.billTime) : null));
        const inserted = await ctx.tx.execute<{ id: string }>(sql`
          insert into express_bill_lines (domain_id, express_company_code, express_no, bill_month, bill_time, billed_weight, billed_fee, raw_line)
          select ${ctx.domainId}, ${template.expressCompanyCode}, u.no, u.month, u.at, u.kg, u.fee, jsonb_build_object('weight', u.raw_weight, 'fee', u.raw_fee, 'time', u.raw_time)
          from unnest(${textArray(chunk.map((r) => r.expressNo))}, ${textArray(times.map((t) => (t ? monthOf(t) : importedMonth)))},
            ${sql.param(times.map((t) => t?.toISOString() ?? null))}::timestamptz[], ${textArray(grams.map(kgOfGrams))}::numeric[], ${bigintArray(fees)},
            ${textArray(chunk.map((r) => r.weight))}, ${textArray(chunk.map((r) => r.fee))}, ${sql.param(chunk.map((r) => r.billTime ?? null))}::text[])
            as u(no, month, at, kg, fee, raw_weight, raw_fee, raw_time)
          on conflict (domain_id, express_company_code, express_no) do nothing
          returning id`);
        ids.push(...inserted.rows.map((r) => Number(r.id)));
        await progress(Math.min(rows.length, start + CHUNK));
      }
      const matched = await matchBillLines(ctx.tx, ctx.domainId, ids);
      return { imported: ids.length, existing: rows.length - ids.length, matched: matched.matched, unmatched: matched.lines - matched.matched, failures: matched.failures };
    },
  };
}

async function alreadyImported(tx: Tx, domainId: number, code: string, nos: string[]): Promise<number> {
  const result = await tx.execute<{ n: string }>(sql`
    select count(*) as n from express_bill_lines where domain_id = ${domainId} and express_company_code = ${code} and express_no = any(${textArray(nos)})`);
  return Number(result.rows[0]!.n);
}
