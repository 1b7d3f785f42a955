// The classification tree (spec 02 §3.1, /myhome/spuSysClassify): up to three levels of SKU
// system nodes; goods without a class sit in the default node. A class with sub-classes or goods
// cannot be deleted.
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  ErrorCodes,
  GoodsErrors,
  SKU_CLASS_MAX_DEPTH,
  type SkuClassCreateInput,
  type SkuClassNode,
  type SkuClassNodeType,
  type SkuClassTree,
  type SkuClassUpdateInput,
} from '@openseller/core';
import type { Database, Tx } from '../../db/client.js';
import { skuClasses, spus } from '../../db/schema/index.js';
import { AppError, notFound, versionConflict } from '../../platform/errors.js';
import { writeOperationLog } from '../../platform/operation-log.js';
import type { Session } from '../../platform/sessions.js';
import { actorOf, sellerDomain } from './goods.service.js';
import { textsIn } from '../../platform/sql.js';

type ClassRecord = typeof skuClasses.$inferSelect;

const levelOf = (type: string) => (type.startsWith('LEVEL_') ? Number(type.slice(6)) : 0);

function classConflict(error: unknown, code: string): never {
  const pg = error as { code?: string; constraint?: string };
  if (pg?.code === '23505' && pg.constraint === 'sku_classes_domain_code_key') throw new AppError(GoodsErrors.CLASS_CODE_TAKEN, 409, { field: 'code', code });
  throw error;
}

export function createClassesService(deps: { database: Database; now?: () => Date }) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  async function findClass(tx: Tx, domainId: number, id: number): Promise<ClassRecord> {
    const [row] = await tx
      .select()
      .from(skuClasses)
      .where(and(eq(skuClasses.domainId, domainId), eq(skuClasses.id, id)));
    if (!row) throw notFound('class');
    return row;
  }

  async function checkCodeFree(tx: Tx, domainId: number, code: string, exceptId?: number) {
    const [taken] = await tx
      .select({ id: skuClasses.id })
      .from(skuClasses)
      .where(and(eq(skuClasses.domainId, domainId), eq(skuClasses.code, code), exceptId ? sql`${skuClasses.id} <> ${exceptId}` : undefined));
    if (taken) throw new AppError(GoodsErrors.CLASS_CODE_TAKEN, 409, { field: 'code', code });
  }

  const toNode = (c: ClassRecord, goodsCount: number): SkuClassNode => ({
    id: c.id,
    version: c.version,
    code: c.code,
    name: c.name,
    parentId: c.parentId,
    type: c.nodeType as SkuClassNodeType,
    sortIndex: c.sortIndex,
    goodsCount,
    children: [],
  });

  return {
    /** getSkuSysClassifyByType {isAll}: the tree; with isAll also the goods counts. */
    async tree(session: Session, isAll: boolean): Promise<SkuClassTree> {
      const domainId = sellerDomain(session);
      const rows = await db
        .select()
        .from(skuClasses)
        .where(eq(skuClasses.domainId, domainId))
        .orderBy(asc(skuClasses.sortIndex), asc(skuClasses.id));
      const counts = new Map<number | null, number>();
      let totalCount = 0;
      if (isAll) {
        const grouped = await db
          .select({ classId: spus.classId, n: sql<number>`count(*)::int` })
          .from(spus)
          .where(and(eq(spus.domainId, domainId), eq(spus.delFlag, false)))
          .groupBy(spus.classId);
        for (const g of grouped) {
          counts.set(g.classId, g.n);
          totalCount += g.n;
        }
      }
      const nodes = new Map(rows.map((r) => [r.id, toNode(r, counts.get(r.id) ?? 0)]));
      const roots: SkuClassNode[] = [];
      for (const node of nodes.values()) {
        const parent = node.parentId !== null ? nodes.get(node.parentId) : undefined;
        if (parent) parent.children.push(node);
        else roots.push(node);
      }
      // A class counts its own goods and those of its sub-classes, as its filter shows them.
      const addUp = (node: SkuClassNode): number => (node.goodsCount += node.children.reduce((n, c) => n + addUp(c), 0));
      roots.forEach(addUp);
      return { nodes: roots, totalCount, unclassifiedCount: counts.get(null) ?? 0 };
    },

    async create(session: Session, input: SkuClassCreateInput): Promise<SkuClassNode> {
      const domainId = sellerDomain(session);
      try {
        return await db.transaction(async (tx) => {
          let level = 1;
          if (input.parentId !== null) {
            const parent = await findClass(tx, domainId, input.parentId).catch(() => {
              throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'class', field: 'parentId' });
            });
            level = levelOf(parent.nodeType) + 1;
            if (level > SKU_CLASS_MAX_DEPTH) throw new AppError(GoodsErrors.CLASS_TOO_DEEP, 400, { field: 'parentId', max: SKU_CLASS_MAX_DEPTH });
          }
          await checkCodeFree(tx, domainId, input.code);
          const [row] = await tx
            .insert(skuClasses)
            .values({ domainId, code: input.code, name: input.name, parentId: input.parentId, nodeType: `LEVEL_${level}`, sortIndex: input.sortIndex })
            .returning();
          await writeOperationLog(tx, actorOf(session), { area: 'goods', entityType: 'class', entityId: row!.id, action: 'create', after: row });
          return toNode(row!, 0);
        });
      } catch (error) {
        return classConflict(error, input.code);
      }
    },

    async update(session: Session, input: SkuClassUpdateInput): Promise<SkuClassNode> {
      const domainId = sellerDomain(session);
      try {
        return await db.transaction(async (tx) => {
          const before = await findClass(tx, domainId, input.id);
          if (before.version !== input.version) throw versionConflict('class');
          if (input.code !== before.code) await checkCodeFree(tx, domainId, input.code, before.id);
          const [row] = await tx
            .update(skuClasses)
            .set({ code: input.code, name: input.name, sortIndex: input.sortIndex, version: sql`${skuClasses.version} + 1`, updatedAt: now() })
            .where(and(eq(skuClasses.domainId, domainId), eq(skuClasses.id, input.id), eq(skuClasses.version, input.version)))
            .returning();
          if (!row) throw versionConflict('class');
          await writeOperationLog(tx, actorOf(session), { area: 'goods', entityType: 'class', entityId: row.id, action: 'update', before, after: row });
          return toNode(row, 0);
        });
      } catch (error) {
        return classConflict(error, input.code);
      }
    },

    /** Refuses a class that still has sub-classes or goods. */
    async remove(session: Session, id: number): Promise<void> {
      const domainId = sellerDomain(session);
      await db.transaction(async (tx) => {
        const before = await findClass(tx, domainId, id);
        const [children] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(skuClasses)
          .where(and(eq(skuClasses.domainId, domainId), eq(skuClasses.parentId, id)));
        if (children!.n > 0) throw new AppError(GoodsErrors.CLASS_HAS_CHILDREN, 409, { name: before.name, count: children!.n });
        const [goods] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(spus)
          .where(and(eq(spus.domainId, domainId), eq(spus.classId, id), eq(spus.delFlag, false)));
        if (goods!.n > 0) throw new AppError(GoodsErrors.CLASS_HAS_GOODS, 409, { name: before.name, count: goods!.n });
        // Deleted goods keep no link to a class that is gone.
        await tx
          .update(spus)
          .set({ classId: null })
          .where(and(eq(spus.domainId, domainId), eq(spus.classId, id), eq(spus.delFlag, true)));
        await tx.delete(skuClasses).where(and(eq(skuClasses.domainId, domainId), eq(skuClasses.id, id)));
        await writeOperationLog(tx, actorOf(session), { area: 'goods', entityType: 'class', entityId: id, action: 'delete', before });
      });
    },

    /** Classes of the domain by code (imports). */
    async byCodes(tx: Tx, domainId: number, codes: string[]): Promise<Map<string, number>> {
      if (!codes.length) return new Map();
      const rows = await tx
        .select({ id: skuClasses.id, code: skuClasses.code })
        .from(skuClasses)
        .where(and(eq(skuClasses.domainId, domainId), textsIn(skuClasses.code, codes)));
      return new Map(rows.map((r) => [r.code, r.id]));
    },
  };
}

export type ClassesService = ReturnType<typeof createClassesService>;
