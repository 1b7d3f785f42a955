// Whether two orders may be merged (spec 01 §7 'to merge' tag 待合, spec 02 merge): one rule for the
// tag (getMergeFlagByIdList), the merge list and the merge command. Orders merge when they are of
// the same store, buyer and receiver; an empty field and a missing one are the same value (an order
// imported with receiver phone '' and one synced without a phone go to the same person).

/** What two orders must share to be merged, in the order a difference is reported. */
export const ORDER_MERGE_MATCH = [
  { field: 'storeId', column: 'store_id', reason: 'store' },
  { field: 'buyerNick', column: 'buyer_nick', reason: 'buyer' },
  { field: 'receiverName', column: 'receiver_name', reason: 'receiver' },
  { field: 'receiverPhone', column: 'receiver_phone', reason: 'receiver' },
  { field: 'receiverAddress', column: 'receiver_address', reason: 'receiver' },
] as const;

export type OrderMergeFacts = { [K in (typeof ORDER_MERGE_MATCH)[number]['field']]: K extends 'storeId' ? number : string | null };
export type OrderMergeDifference = (typeof ORDER_MERGE_MATCH)[number]['reason'];

/** The value a merge compares: a missing text is the empty text. */
export const mergeValue = (value: string | number | null | undefined): string => (value == null ? '' : String(value));

/** What keeps order `b` from being merged with order `a`, or null when they may be merged. */
export function orderMergeDifference(a: OrderMergeFacts, b: OrderMergeFacts): OrderMergeDifference | null {
  for (const m of ORDER_MERGE_MATCH) if (mergeValue(a[m.field]) !== mergeValue(b[m.field])) return m.reason;
  return null;
}
