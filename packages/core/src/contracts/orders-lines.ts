// Order lines (spec 02 §7.10 /myhome/erpsod, §7.3 product-date info; issue 21 must-have 4): the
// lines of an order, the components of its combination lines, the same line across pending orders
// (for a batch split), which orders carry combination lines, and the production dates chosen for a
// line from the warehouse's stock lots. Also the header labels a person sets and removes.
import { z } from 'zod';
import { Id } from './common.js';
import { OrderIdList, OrderLineRow, ORDER_EXCEPTION_LABELS, ORDER_LABELS, type OrderLabel } from './orders.js';

export const SohIdInput = z.object({ sohId: Id });
export type SohIdInput = z.infer<typeof SohIdInput>;
export const SodIdInput = z.object({ sodId: Id });
export type SodIdInput = z.infer<typeof SodIdInput>;
/** handleDelProductDateInfo is a GET: the id comes as query text. */
export const SodIdQuery = z.object({ sodId: z.coerce.number({ message: 'sodId: a line id' }).pipe(Id) });

/** A production date chosen for a line: which date, until when it keeps, how many. */
export const LineProductDate = z.object({
  id: Id,
  productDate: z.string(),
  /** productDate + the SKU's shelf life (days); null when the SKU has none. */
  expireDate: z.string().nullable(),
  qty: z.number().int().positive(),
});
export type LineProductDate = z.infer<typeof LineProductDate>;

/** A line of searchErpSoDList: the order's line and its chosen production dates. */
export const OrderLineWithDates = OrderLineRow.extend({ productDates: z.array(LineProductDate) });
export type OrderLineWithDates = z.infer<typeof OrderLineWithDates>;

export const ComboComponentRow = z.object({
  skuId: Id,
  skuCode: z.string(),
  skuName: z.string().nullable(),
  /** Per combination. */
  qty: z.number().int().positive(),
  /** qty × the line's quantity. */
  totalQty: z.number().int().positive(),
});
/** A combination line with its components (searchErpSoD4ComList). */
export const ComboLineRow = z.object({
  id: Id,
  lineSeq: z.number().int(),
  skuId: Id,
  skuCode: z.string().nullable(),
  skuName: z.string().nullable(),
  qty: z.number().int(),
  components: z.array(ComboComponentRow),
});
export type ComboLineRow = z.infer<typeof ComboLineRow>;

/** The same goods on another pending order (getSameErpSoDVo4BatchSplit). */
export const SameLineRow = z.object({
  orderId: Id,
  orderCode: z.string(),
  lineId: Id,
  skuId: Id.nullable(),
  skuCode: z.string().nullable(),
  tbSkuId: z.string().nullable(),
  qty: z.number().int(),
  lineCount: z.number().int(),
});
export type SameLineRow = z.infer<typeof SameLineRow>;

/** checkComSods: the asked orders and their combination lines. */
export const ComSodCheck = z.object({ id: Id, code: z.string(), hasCombination: z.boolean(), combinationLineIds: z.array(Id) });
export type ComSodCheck = z.infer<typeof ComSodCheck>;

export const FillProductDateInput = z.object({
  /** The lines (ids) to choose dates for; at most 200. */
  sodIdList: z.array(Id).min(1, 'sodIdList: at least one line').max(200, 'sodIdList: at most 200 lines'),
});
export type FillProductDateInput = z.infer<typeof FillProductDateInput>;

export const FilledLine = z.object({
  sodId: Id,
  orderId: Id,
  productDates: z.array(LineProductDate),
  /** Quantity the warehouse's lots could not cover (0: covered). */
  uncovered: z.number().int().nonnegative(),
});
export const FillProductDateResult = z.object({ voList: z.array(FilledLine), failures: z.array(z.object({ sodId: Id, errorCode: z.string(), message: z.string() })) });
export type FillProductDateResult = z.infer<typeof FillProductDateResult>;

/** Labels the server sets itself (exceptions, stop areas): a person neither sets nor removes them. */
export const SYSTEM_ORDER_LABELS: readonly OrderLabel[] = [...ORDER_EXCEPTION_LABELS, 'EXPRESS_PROHIBITED', 'LACK_OF_STACK'];
/** Header labels a person may set and remove. */
export const MANUAL_ORDER_LABELS = ORDER_LABELS.filter((l) => !SYSTEM_ORDER_LABELS.includes(l));

export const OrderLabelInput = OrderIdList.extend({
  idList: z.array(Id).min(1).max(200),
  labelType: z.string().refine((v) => (MANUAL_ORDER_LABELS as readonly string[]).includes(v), { message: 'labelType: a label a person may set' }),
});
export type OrderLabelInput = z.infer<typeof OrderLabelInput>;

export const OrderLineErrors = {
  /** fillProductDateInfo: the line has no SKU, is a combination, or its order has no warehouse. */
  NO_LOTS_TO_CHOOSE: 'ERR_ORDER_LINE_NO_LOTS',
  /** Product dates are chosen for pending or reviewed orders only. */
  STATUS: 'ERR_ORDER_LINE_STATUS',
} as const;
