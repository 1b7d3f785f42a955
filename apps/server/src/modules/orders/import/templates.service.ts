// Saved order import templates (spec 02 §7.13 /myhome/sohTemplate): create, update (versioned),
// remove, search and read; names unique per domain.
import {
  ErrorCodes,
  OrderImportErrors,
  type Language,
  type OrderImportFieldMap,
  type OrderImportTemplateCreate,
  type OrderImportTemplateDetail,
  type OrderImportTemplateSearch,
  type OrderImportTemplateUpdate,
  type OrderImportTemplateVo,
  type PageResult,
} from '@openseller/core';
import { and, count, desc, eq, ilike } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';
import { orderImportTemplates } from '../../../db/schema/index.js';
import { AppError, notFound, versionConflict } from '../../../platform/errors.js';
import { writeOperationLog } from '../../../platform/operation-log.js';
import type { Session } from '../../../platform/sessions.js';
import { ORDERS_AREA } from '../orders.model.js';
import { actorOf } from '../session-helpers.js';
import { standardFields } from './order.importer.js';
import { pageOffset } from '../../../platform/paging.js';

const ENTITY = 'order_import_template';
type Row = typeof orderImportTemplates.$inferSelect;
const vo = (r: Row): OrderImportTemplateVo => ({ id: r.id, name: r.name, type: r.type, version: r.version, updatedAt: r.updatedAt.toISOString() });

/** A unique violation of the name index, however deep the driver wraps it. */
const isNameTaken = (error: unknown) => {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const pg = e as { code?: string; constraint?: string };
    if (pg.code === '23505') return pg.constraint === 'order_import_templates_domain_name_key';
  }
  return false;
};

export function createTemplatesService(deps: { database: Database; now: () => Date }) {
  const { db } = deps.database;

  async function own(tx: Tx, domainId: number, id: number): Promise<Row> {
    const [row] = await tx.select().from(orderImportTemplates).where(and(eq(orderImportTemplates.id, id), eq(orderImportTemplates.domainId, domainId)));
    if (!row) throw notFound('import template');
    return row;
  }

  const nameTaken = (name: string) => new AppError(OrderImportErrors.TEMPLATE_NAME_TAKEN, 409, { field: 'name', name });

  return {
    /** The fields of a template of the domain (null when gone); the importer reads files by them. */
    async fieldsOf(tx: Tx, domainId: number, id: number): Promise<OrderImportFieldMap[] | null> {
      const [row] = await tx
        .select({ fields: orderImportTemplates.fields })
        .from(orderImportTemplates)
        .where(and(eq(orderImportTemplates.id, id), eq(orderImportTemplates.domainId, domainId)));
      return row?.fields ?? null;
    },

    async exists(session: Session, id: number): Promise<void> {
      const [row] = await db.select({ id: orderImportTemplates.id }).from(orderImportTemplates).where(and(eq(orderImportTemplates.id, id), eq(orderImportTemplates.domainId, session.domainId!)));
      if (!row) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'import template', field: 'templateId' });
    },

    getDefaultFields: (language: Language): OrderImportFieldMap[] => standardFields(language),

    async search(session: Session, input: OrderImportTemplateSearch & { currentPage: number; pageSize: number }): Promise<PageResult<OrderImportTemplateVo>> {
      const where = and(eq(orderImportTemplates.domainId, session.domainId!), input.name ? ilike(orderImportTemplates.name, `%${input.name.replace(/[\\%_]/g, (c) => '\\' + c)}%`) : undefined);
      const [total] = await db.select({ n: count() }).from(orderImportTemplates).where(where);
      const rows = await db
        .select()
        .from(orderImportTemplates)
        .where(where)
        .orderBy(desc(orderImportTemplates.updatedAt), desc(orderImportTemplates.id))
        .limit(input.pageSize)
        .offset(pageOffset(input));
      return { voList: rows.map(vo), total: Number(total?.n ?? 0), currentPage: input.currentPage, pageSize: input.pageSize };
    },

    async get(session: Session, id: number): Promise<OrderImportTemplateDetail> {
      const row = await own(db, session.domainId!, id);
      return { templateVo: vo(row), fieldsArr: row.fields };
    },

    /** The header texts of a template, in column order (the first row of its spreadsheet). */
    async titles(session: Session, id: number): Promise<string[]> {
      return (await own(db, session.domainId!, id)).fields.map((f) => f.header);
    },

    async create(session: Session, input: OrderImportTemplateCreate): Promise<OrderImportTemplateVo> {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(orderImportTemplates)
            .values({ domainId: session.domainId!, name: input.name, fields: input.fieldsArr, createdBy: session.userId })
            .returning();
          await writeOperationLog(tx, actorOf(session), { area: ORDERS_AREA, entityType: ENTITY, entityId: row!.id, action: 'create', after: { name: row!.name, fields: row!.fields } });
          return vo(row!);
        });
      } catch (error) {
        if (isNameTaken(error)) throw nameTaken(input.name);
        throw error;
      }
    },

    async update(session: Session, input: OrderImportTemplateUpdate): Promise<OrderImportTemplateVo> {
      try {
        return await db.transaction(async (tx) => {
          const before = await own(tx, session.domainId!, input.id);
          const [row] = await tx
            .update(orderImportTemplates)
            .set({ name: input.name, fields: input.fieldsArr, version: before.version + 1, updatedAt: deps.now() })
            .where(and(eq(orderImportTemplates.id, input.id), eq(orderImportTemplates.domainId, session.domainId!), eq(orderImportTemplates.version, input.version)))
            .returning();
          if (!row) throw versionConflict('import template');
          await writeOperationLog(tx, actorOf(session), {
            area: ORDERS_AREA,
            entityType: ENTITY,
            entityId: row.id,
            action: 'update',
            before: { name: before.name, fields: before.fields },
            after: { name: row.name, fields: row.fields },
          });
          return vo(row);
        });
      } catch (error) {
        if (isNameTaken(error)) throw nameTaken(input.name);
        throw error;
      }
    },

    async remove(session: Session, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await own(tx, session.domainId!, id);
        await tx.delete(orderImportTemplates).where(and(eq(orderImportTemplates.id, id), eq(orderImportTemplates.domainId, session.domainId!)));
        await writeOperationLog(tx, actorOf(session), { area: ORDERS_AREA, entityType: ENTITY, entityId: id, action: 'delete', before: { name: before.name, fields: before.fields } });
      });
    },
  };
}
export type TemplatesService = ReturnType<typeof createTemplatesService>;
