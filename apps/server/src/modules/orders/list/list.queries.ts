// Order-list queries (spec 02 §3.5): the filter of every tab, one query for a page of ids (order
// by id desc over the (domain, status, id desc) index), counts per tab and exception kind, and
// the row tags. Every query takes the domain first and filters by it.
import { bigintArray, intArray, textArray } from '../../../platform/sql.js';
import { sql, type SQL } from 'drizzle-orm';
import {
  ORDER_EXCEPTION_TYPES,
  ORDER_STATUS,
  ORDER_TAB_STATUSES,
  ORDER_TABS,
  orderSearchBigrams,
  orderSearchBigramsExact,
  orderSearchPattern,
  orderTimeBound,
  type OrderExceptionType,
  type OrderSearchFilters,
  type OrderSearchInput,
  type OrderTab,
  type OrderTabCounts,
  ORDER_MERGE_MATCH,
} from '@openseller/core';
import type { Tx } from '../../../db/client.js';
import { pageOffset } from '../../../platform/paging.js';

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// The search texts of an order, exactly as the trigram indexes of migrations shipby_search and
// order_search_gin_without_domain declare them (same expressions, or the indexes are not used).
const RECEIVER_SEARCH = sql.raw(
  `order_search_text(o.receiver_name, o.receiver_phone, o.receiver_tel, coalesce(o.receiver_province, '') || coalesce(o.receiver_city, '') || coalesce(o.receiver_district, '') || coalesce(o.receiver_address, ''))`,
);
const BUYER_SEARCH = sql.raw(`order_search_text(o.buyer_nick)`);
const CODE_SEARCH = sql.raw(`order_search_text(variadic array_prepend(o.code, o.platform_nos))`);

/**
 * Which runs of characters give pg_trgm a trigram on this server. On a server whose LC_CTYPE is C
 * only ASCII letters and digits are word characters (a Chinese name gives none); with a UTF-8
 * LC_CTYPE (the embedded server since it is initialised with C.UTF-8, most installed servers)
 * Chinese characters are too. Learnt once per process from the server (learnTrigramWords).
 */
let trigramWords = /[A-Za-z0-9]{3}/;

/** Asks the server whether pg_trgm finds trigrams in Chinese text; the order search then indexes such keywords. */
export async function learnTrigramWords(tx: Tx): Promise<void> {
  const answer = await tx.execute<{ wide: boolean }>(sql`select cardinality(show_trgm('张三丰')) > 0 as wide`);
  trigramWords = answer.rows[0]?.wide ? /[\p{L}\p{N}]{3}/u : /[A-Za-z0-9]{3}/;
}

/** The pieces index of a search text (migration order_search_bigrams), on the same expression. */
const bigramsOf = (text: SQL) => sql`order_search_bigrams(${text})`;

/**
 * Any keyword found in the search text (fragments, as orderSearchPattern takes them). The search
 * GIN indexes hold the texts alone (migration order_search_gin_without_domain): the lookup reads the
 * keyword's postings only, and the statement's `o.domain_id = …` is checked on each row it hands
 * over (with the domain in the index, every lookup also read the domain's whole posting tree). `indexed`
 * when every keyword can be found through an index: by its trigrams (three word characters in a
 * row), or — where the text has a pieces index — by its two-character pieces (a two-character
 * Chinese name), the ILIKE then only checking the rows the index gave.
 */
function fragmentCondition(text: SQL, keywords: readonly string[], pieces: boolean, recheck = false): { condition: SQL; indexed: boolean } | null {
  const found = keywords
    .map((keyword) => ({ pattern: orderSearchPattern(keyword), bigrams: pieces ? orderSearchBigrams(keyword) : [], exact: pieces && !recheck && orderSearchBigramsExact(keyword) }))
    .filter((k): k is { pattern: string; bigrams: string[]; exact: boolean } => k.pattern !== null);
  if (!found.length) return null;
  let indexed = true;
  const one = found.map(({ pattern, bigrams, exact }) => {
    if (trigramWords.test(pattern)) return sql`${text} ilike ${pattern}`;
    // Two Chinese characters: the pieces decide alone (orderSearchBigramsExact), no search text recomputed per candidate.
    if (bigrams.length && exact) return sql`${bigramsOf(text)} @> ${textArray(bigrams)}`;
    if (bigrams.length) return sql`(${bigramsOf(text)} @> ${textArray(bigrams)} and ${text} ilike ${pattern})`;
    indexed = false;
    return sql`${text} ilike ${pattern}`;
  });
  return { condition: sql`(${sql.join(one, sql` or `)})`, indexed };
}

/** The SQL condition of one exception kind of tab 5, on the order aliased `o`. */
export function exceptionCondition(type: OrderExceptionType): SQL {
  switch (type) {
    case 'sync':
      return sql`exists (select 1 from platform_orders p where p.domain_id = o.domain_id and p.erp_order_id = o.id and p.error_msg is not null and not p.error_closed)`;
    case 'unmapped':
      return sql`o.labels @> '{ORDER_TBSKU_EXCEPTION}'::text[]`;
    case 'warehouse':
      return sql`o.labels @> '{WAREHOUSE_MATCH_FAIL}'::text[]`;
    case 'express':
      return sql`o.labels @> '{EXPRESS_MATCH_FAIL}'::text[]`;
    case 'intercepted':
      return sql`o.intercepted`;
    case 'issued':
      // Issued to the warehouse system and refused or unanswered (the shipping part's order_warehouse_issues).
      return sql`exists (select 1 from order_warehouse_issues i where i.domain_id = o.domain_id and i.order_id = o.id and i.status = 'FAILURE')`;
  }
}

const anyException = () => sql`(${sql.join(
  ORDER_EXCEPTION_TYPES.map((type) => exceptionCondition(type)),
  sql` or `,
)})`;

/** The scope of a tab: its statuses and, for tab 5, an exception (of the given kind). */
function tabCondition(tab: OrderTab, exceptionType: OrderExceptionType | undefined): SQL {
  const list = ORDER_TAB_STATUSES[tab];
  const statuses = list.length === 1 ? sql`o.status_code = ${list[0]!}` : sql`o.status_code = any(${textArray(list)})`;
  if (tab !== '5') return statuses;
  return sql`${statuses} and ${exceptionType ? exceptionCondition(exceptionType) : anyException()}`;
}

/** The filters other than the tab, on the order aliased `o`. */
function filterConditions(domainId: number, f: OrderSearchFilters): SQL[] {
  return filterParts(domainId, f).conditions;
}

/** filterConditions, and whether a keyword is looked up through an index (its orders gathered first). */
function filterParts(
  domainId: number,
  f: OrderSearchFilters,
  options: { recheck?: boolean; inline?: boolean } = {},
): { conditions: SQL[]; indexedFragment: boolean } {
  const recheck = options.recheck ?? false;
  const c: SQL[] = [sql`o.domain_id = ${domainId}`];
  let indexedFragment = false;
  if (f.statusCode) c.push(sql`o.status_code = ${f.statusCode}`);
  // Order codes and platform numbers, receivers (name, phone, address) and the buyer's nick by
  // fragment, through the trigram indexes. As an array computed once (not a plain condition), so
  // the planner fetches the matching orders through the index instead of walking the domain's
  // id index in page order hoping to meet them.
  const fragments = [
    fragmentCondition(CODE_SEARCH, f.codeKeywords ?? [], false),
    fragmentCondition(RECEIVER_SEARCH, f.receiverKeywords ?? [], true, recheck),
    fragmentCondition(BUYER_SEARCH, f.buyerNick ? [f.buyerNick] : [], true, recheck),
  ];
  for (const fragment of fragments) {
    if (!fragment) continue;
    // A keyword neither index can serve (a single character; two Latin letters) would make the
    // trigram index be read whole: then the condition stays on the rows, and the list walks its
    // id index instead.
    // `inline` (the matches statement gathers the orders once, with no page order to walk): the
    // condition itself, so the index's candidates are checked against every filter as they are read.
    c.push(fragment.indexed && !options.inline ? sql`o.id = any(array(select o.id from erp_orders o where o.domain_id = ${domainId} and ${fragment.condition}))` : fragment.condition);
    if (fragment.indexed) indexedFragment = true;
  }
  const skus = f.skuKeywords ?? [];
  if (skus.length === 1) {
    const p = likePattern(skus[0]!);
    c.push(sql`exists (select 1 from erp_order_lines l where l.order_id = o.id and l.domain_id = o.domain_id and (l.sku_code ilike ${p} or l.sku_name ilike ${p} or l.outer_sku_id = ${skus[0]!}))`);
  } else if (skus.length > 1) {
    c.push(sql`exists (select 1 from erp_order_lines l where l.order_id = o.id and l.domain_id = o.domain_id and (l.sku_code = any(${textArray(skus)}) or l.outer_sku_id = any(${textArray(skus)})))`);
  }
  if (f.storeIdList?.length) c.push(sql`o.store_id = any(${bigintArray(f.storeIdList)})`);
  if (f.warehouseIdList?.length) c.push(sql`o.warehouse_id = any(${bigintArray(f.warehouseIdList)})`);
  if (f.expressCompanyCodeList?.length) c.push(sql`o.express_company_code = any(${textArray(f.expressCompanyCodeList)})`);
  if (f.platformCodeList?.length) c.push(sql`o.platform_code = any(${textArray(f.platformCodeList)})`);
  if (f.labelList?.length) c.push(sql`o.labels && ${textArray(f.labelList)}`);
  if (f.sellerFlagList?.length) c.push(sql`o.seller_flag = any(${intArray(f.sellerFlagList)})`);
  const flags: [boolean | undefined, string][] = [
    [f.locked, 'o.locked'],
    [f.haveRefund, 'o.have_refund'],
    [f.intercepted, 'o.intercepted'],
    [f.preSale, 'o.pre_sale'],
    [f.stockOut, 'o.stock_out'],
  ];
  for (const [value, column] of flags) if (value !== undefined) c.push(value ? sql.raw(column) : sql.raw(`not ${column}`));
  if (f.riskControlled !== undefined) c.push(f.riskControlled ? sql`o.risk_control_status <> 'NONE'` : sql`o.risk_control_status = 'NONE'`);
  if (f.expressPrinted !== undefined) c.push(f.expressPrinted ? sql`o.express_print_time is not null` : sql`o.express_print_time is null`);
  if (f.whType) c.push(sql`exists (select 1 from warehouses w where w.id = o.warehouse_id and w.domain_id = o.domain_id and w.type = ${f.whType})`);
  if (f.createTimeFrom) c.push(sql`o.created_at >= ${orderTimeBound(f.createTimeFrom, 'from').toISOString()}::timestamptz`);
  if (f.createTimeTo) c.push(sql`o.created_at <= ${orderTimeBound(f.createTimeTo, 'to').toISOString()}::timestamptz`);
  if (f.payTimeFrom) c.push(sql`o.pay_time >= ${orderTimeBound(f.payTimeFrom, 'from').toISOString()}::timestamptz`);
  if (f.payTimeTo) c.push(sql`o.pay_time <= ${orderTimeBound(f.payTimeTo, 'to').toISOString()}::timestamptz`);
  return { conditions: c, indexedFragment };
}

// `nulls last` on id (never null) so the order matches the indexes, which drizzle writes as
// `DESC NULLS LAST`: a plain `id desc` (nulls first) cannot walk them and sorts every matching row.
const ORDER_BY: Record<OrderSearchFilters['sort'], SQL> = {
  id_desc: sql`o.id desc nulls last`,
  payTime_desc: sql`o.pay_time desc nulls last, o.id desc nulls last`,
  payTime_asc: sql`o.pay_time asc nulls last, o.id desc`,
  lastShipTime_asc: sql`o.last_ship_time asc nulls last, o.id desc`,
};

/**
 * The count of the statuses from order_status_counts (kept exact by triggers on erp_orders; see
 * migration order_status_counts_trigger): the sum of the delta rows, and how many rows were summed
 * (`k`, so the caller can fold them when they pile up).
 */
const countedStatusesQuery = (domainId: number, statuses: readonly string[]) =>
  sql`select coalesce(sum(c.n), 0)::int as n, count(*)::int as k from order_status_counts c where c.domain_id = ${domainId} and c.status_code = any(${textArray(statuses)})`;

/** Delta rows of a domain above which a reader folds them into one row per status. */
export const STATUS_COUNT_ROWS_FOLD = 200;

/** Folds a domain's delta rows of order_status_counts into one row per status (sums unchanged). */
export async function compactOrderStatusCounts(tx: Tx, domainId: number): Promise<void> {
  // Each delta row is deleted by exactly one folder (a concurrent one skips rows already deleted)
  // and its value is written back in the sum, so the counts never change.
  await tx.execute(sql`
    with d as (delete from order_status_counts c where c.domain_id = ${domainId} returning c.status_code, c.n)
    insert into order_status_counts (domain_id, status_code, n)
    select ${domainId}, d.status_code, sum(d.n) from d group by d.status_code having sum(d.n) <> 0`);
}

/** True when no filter narrows the tab (the domain aside): totals can come from order_status_counts. */
function unfiltered(domainId: number, f: OrderSearchFilters): boolean {
  return filterConditions(domainId, f).length === 1;
}

/**
 * The SQL of one page of order ids and of its total (exported so the bench runs the very same
 * SQL), in one of two shapes:
 * - `walk` (no keyword that an index finds): `page` walks an index in page order and stops after
 *   the page (`id`), `count` counts apart (`n`); with no filter (and a tab other than 5, whose
 *   exception test needs the orders) the total is the kept count of the tab's statuses (`n`, and
 *   `k`, see countedStatusesQuery). The two run at once.
 * - `matches` (a keyword found through the trigram or pieces indexes): the orders matching every
 *   filter are gathered once — the index's candidates, each re-checked and read once — and one
 *   statement answers the page's ids (`ids`, in page order) and their number (`n`). Two
 *   statements (page and count) each gathered and re-checked every candidate: at 4,167 matches of
 *   a two-character name, twice the work of one.
 */
export type OrderIdsQueries = { kind: 'walk'; page: SQL; count: SQL } | { kind: 'matches'; matches: SQL };

export function searchOrderIdsQueries(domainId: number, input: OrderSearchInput, options: { before?: boolean } = {}): OrderIdsQueries {
  // `before`: the shape before (the bench and a test compare the two): page and count always as two
  // statements, and two Chinese characters re-checked by ILIKE after their piece.
  const { conditions: filters, indexedFragment } = filterParts(domainId, input, { recheck: options.before ?? false });
  const tab = tabCondition(input.activeKey, input.exceptionType);
  const where = sql.join([...filters, tab], sql` and `);
  const offset = pageOffset(input);
  if (indexedFragment && !options.before) {
    const inline = sql.join([...filterParts(domainId, input, { inline: true }).conditions, tab], sql` and `);
    return {
      kind: 'matches',
      // Materialised: the matching orders are read once for both answers (the columns any sort
      // needs); no order or limit inside, so the planner reads them through the keyword's index.
      matches: sql`with m as materialized (select o.id, o.pay_time, o.last_ship_time from erp_orders o where ${inline})
        select (select count(*) from m)::int as n,
          array(select o.id from m o order by ${ORDER_BY[input.sort]} limit ${input.pageSize} offset ${offset}) as ids`,
    };
  }
  return {
    kind: 'walk',
    page: sql`select o.id from erp_orders o where ${where} order by ${ORDER_BY[input.sort]} limit ${input.pageSize} offset ${offset}`,
    count:
      input.activeKey !== '5' && filters.length === 1
        ? countedStatusesQuery(domainId, ORDER_TAB_STATUSES[input.activeKey])
        : sql`select count(*)::int as n from erp_orders o where ${where}`,
  };
}

/**
 * Runs the queries of searchOrderIdsQueries with `run` (the pool: a walk's page and count at once
 * on two connections; or the bench's raw client) and hands the page's ids to `load` as soon as
 * they are known (a walk's count goes on meanwhile). Answers what `load` made of them, the total,
 * and `k`, the kept-count rows summed (0 unless the total is a kept count).
 */
export async function runOrderIdsQueries<T>(
  q: OrderIdsQueries,
  run: (query: SQL) => Promise<{ rows: Record<string, unknown>[] }>,
  load: (ids: number[]) => Promise<T>,
): Promise<{ page: T; total: number; k: number }> {
  if (q.kind === 'matches') {
    const row = (await run(q.matches)).rows[0];
    const page = await load(((row?.ids as (number | string)[] | null) ?? []).map(Number));
    return { page, total: Number(row?.n ?? 0), k: 0 };
  }
  const [page, count] = await Promise.all([run(q.page).then((answer) => load(answer.rows.map((r) => Number(r.id)))), run(q.count)]);
  return { page, total: Number(count.rows[0]?.n ?? 0), k: Number(count.rows[0]?.k ?? 0) };
}

/**
 * The next ids of an export under the list's filters and tab (or among the chosen ids), walked by
 * keyset so an export of any size reads pages of `limit` (exported so the bench runs the same SQL):
 * `id` descending after `beforeId`, or — `byExpressNo` — orders with an express number in
 * (express number, id) order after `after`.
 */
export function exportOrderIdsQuery(
  domainId: number,
  filters: OrderSearchFilters & { idList?: number[] | undefined },
  limit: number,
  after: { beforeId?: number; expressNo?: string; id?: number } = {},
  byExpressNo = false,
): SQL {
  const c = [...filterConditions(domainId, filters), tabCondition(filters.activeKey, filters.exceptionType)];
  if (filters.idList?.length) c.push(sql`o.id = any(${bigintArray(filters.idList)})`);
  if (byExpressNo) {
    c.push(sql`o.express_no is not null and o.express_no <> ''`);
    if (after.expressNo !== undefined && after.id !== undefined) c.push(sql`(o.express_no, o.id) > (${after.expressNo}, ${after.id})`);
    return sql`select o.id, o.express_no from erp_orders o where ${sql.join(c, sql` and `)} order by o.express_no, o.id limit ${limit}`;
  }
  if (after.beforeId !== undefined) c.push(sql`o.id < ${after.beforeId}`);
  return sql`select o.id from erp_orders o where ${sql.join(c, sql` and `)} order by o.id desc nulls last limit ${limit}`;
}

/** The header labels that are exceptions of tab 5 (the partial index erp_orders_open_exception_idx lists the same). */
const EXCEPTION_LABELS = `'{ORDER_TBSKU_EXCEPTION,WAREHOUSE_MATCH_FAIL,EXPRESS_MATCH_FAIL}'::text[]`;

/**
 * The SQL of the tab counts (exported for the bench): per status (an index-only pass), and per
 * exception kind of tab 5. The exceptions are counted over the few orders that have one — those
 * of the partial index of open orders with an exception label or intercepted, and those named by
 * an open platform-order error (partial index on platform_orders), and those whose issue to a
 * warehouse system failed (partial index on order_warehouse_issues) — not over every open order.
 */
export function countOrderTabsQueries(domainId: number, filters: OrderSearchFilters): { statuses: SQL; exceptions: SQL } {
  const where = sql.join(filterConditions(domainId, filters), sql` and `);
  // Literal (our own constants) so the planner can prove the partial indexes' predicates.
  const open = sql.raw(`o.status_code in (${ORDER_TAB_STATUSES['5'].map((s) => `'${s}'`).join(', ')})`);
  const columns = ORDER_EXCEPTION_TYPES.map((type) => sql`count(*) filter (where ${exceptionCondition(type)})::int as ${sql.identifier(type)}`);
  return {
    // With no filter, the kept counts (k: how many delta rows were summed).
    statuses: unfiltered(domainId, filters)
      ? sql`select c.status_code, sum(c.n)::int as n, count(*)::int as k from order_status_counts c where c.domain_id = ${domainId} group by c.status_code`
      : sql`select o.status_code, count(*)::int as n from erp_orders o where ${where} group by o.status_code`,
    exceptions: sql`
    with x as (
      select o.id from erp_orders o where ${where} and ${open} and (o.intercepted or o.labels && ${sql.raw(EXCEPTION_LABELS)})
      union
      select o.id from erp_orders o where ${where} and ${open} and o.id in (
        select p.erp_order_id from platform_orders p where p.domain_id = ${domainId} and p.error_msg is not null and not p.error_closed)
      union
      select o.id from erp_orders o where ${where} and ${open} and o.id in (
        select i.order_id from order_warehouse_issues i where i.domain_id = ${domainId} and i.status = 'FAILURE'))
    select count(*)::int as "any", ${sql.join(columns, sql`, `)}
    from erp_orders o where o.domain_id = ${domainId} and o.id in (select x.id from x)`,
  };
}

/** Counts per tab (1–8) and per exception kind of tab 5, under the filters (the tab itself aside). */
export async function countOrderTabs(tx: Tx, domainId: number, filters: OrderSearchFilters): Promise<OrderTabCounts> {
  const q = countOrderTabsQueries(domainId, filters);
  // Both at once (two connections when tx is the pool).
  const [statusCounts, exception] = await Promise.all([tx.execute<{ status_code: string; n: number; k?: number }>(q.statuses), tx.execute<Record<string, number>>(q.exceptions)]);
  if (statusCounts.rows.reduce((s, r) => s + Number(r.k ?? 0), 0) > STATUS_COUNT_ROWS_FOLD) await compactOrderStatusCounts(tx, domainId);
  const byStatus = new Map(statusCounts.rows.map((r) => [r.status_code, Number(r.n)]));
  const tabs = Object.fromEntries(ORDER_TABS.map((tab) => [tab, ORDER_TAB_STATUSES[tab].reduce((s, status) => s + (byStatus.get(status) ?? 0), 0)])) as Record<OrderTab, number>;
  const row = exception.rows[0] ?? {};
  tabs['5'] = Number(row.any ?? 0);
  const exceptions = Object.fromEntries(ORDER_EXCEPTION_TYPES.map((type) => [type, Number(row[type] ?? 0)])) as Record<OrderExceptionType, number>;
  return { tabs, exceptions };
}

/**
 * Whether order x could be merged with order o (待合, one rule for the tag, the merge list and the
 * merge command): x is pending review or reviewed and not locked, shares with o every field of
 * ORDER_MERGE_MATCH (store, buyer, receiver name, phone and address; a missing text is the empty
 * text, as in orderMergeDifference), and is not a part of the same split (cancel split merges those back).
 */
function mergePartner(): SQL {
  const open = textArray([ORDER_STATUS.NORMAL, ORDER_STATUS.VERIFIED]);
  const same = sql.join(
    ORDER_MERGE_MATCH.map((m) =>
      m.field === 'storeId' ? sql`x.${sql.raw(m.column)} = o.${sql.raw(m.column)}` : sql`coalesce(x.${sql.raw(m.column)}, '') = coalesce(o.${sql.raw(m.column)}, '')`,
    ),
    sql` and `,
  );
  return sql`x.domain_id = o.domain_id and x.id <> o.id and x.status_code = any(${open}) and not x.locked and ${same}
    and coalesce(x.split_from_id, x.id) <> coalesce(o.split_from_id, o.id)`;
}

/**
 * Each of the given orders of the domain, tagged (待合) when it is open (pending review or
 * reviewed, not locked) and has a merge partner. Ids of another domain or of no order are left out.
 */
export async function orderMergeFlags(tx: Tx, domainId: number, ids: number[]): Promise<{ id: number; canbeMergedTag: boolean }[]> {
  const open = textArray([ORDER_STATUS.NORMAL, ORDER_STATUS.VERIFIED]);
  const rows = await tx.execute<{ id: number; mergeable: boolean }>(sql`
    select o.id, (o.status_code = any(${open}) and not o.locked and exists (select 1 from erp_orders x where ${mergePartner()})) as mergeable
    from erp_orders o
    where o.domain_id = ${domainId} and o.id = any(${bigintArray(ids)})
    order by o.id desc`);
  return rows.rows.map((r) => ({ id: Number(r.id), canbeMergedTag: r.mergeable === true }));
}

/** The merge partners of one order of the domain, oldest first (at most 100). */
export async function mergePartnerIds(tx: Tx, domainId: number, id: number): Promise<number[]> {
  const rows = await tx.execute<{ id: number }>(sql`
    select x.id from erp_orders o join erp_orders x on ${mergePartner()}
    where o.domain_id = ${domainId} and o.id = ${id}
    order by x.created_at, x.id
    limit 100`);
  return rows.rows.map((r) => Number(r.id));
}

/** The ids (of the given ones) marked out of stock by the last refresh (缺). */
export async function stockOutOrderIds(tx: Tx, domainId: number, ids: number[]): Promise<number[]> {
  const rows = await tx.execute<{ id: number }>(sql`
    select o.id from erp_orders o where o.domain_id = ${domainId} and o.id = any(${bigintArray(ids)}) and o.stock_out order by o.id desc`);
  return rows.rows.map((r) => Number(r.id));
}

/** The home counters of the orders area (spec 01 §3), from the orders themselves. */
export async function orderHomeCounters(tx: Tx, domainId: number) {
  const rows = await tx.execute<{ no_verify: number; to_print: number; to_send: number; to_send_wms: number; sync_failed: number }>(sql`
    select
      count(*) filter (where o.status_code = ${ORDER_STATUS.NORMAL})::int as no_verify,
      count(*) filter (where o.status_code = ${ORDER_STATUS.VERIFIED} and o.express_print_time is null)::int as to_print,
      count(*) filter (where o.status_code = ${ORDER_STATUS.VERIFIED} and o.express_print_time is not null
        and exists (select 1 from warehouses w where w.id = o.warehouse_id and w.domain_id = o.domain_id and w.type = 'SELF_WAREHOUSE'))::int as to_send,
      count(*) filter (where o.status_code = ${ORDER_STATUS.SYNCED})::int as to_send_wms,
      count(*) filter (where o.status_code = any(${textArray(ORDER_TAB_STATUSES['5'])}) and ${exceptionCondition('sync')})::int as sync_failed
    from erp_orders o where o.domain_id = ${domainId}`);
  const r = rows.rows[0];
  return {
    countNoVerify: Number(r?.no_verify ?? 0),
    countToPrintExp: Number(r?.to_print ?? 0),
    countToSend: Number(r?.to_send ?? 0),
    countToSend4Wms: Number(r?.to_send_wms ?? 0),
    countOrderSynFailed: Number(r?.sync_failed ?? 0),
  };
}
