// Pure helpers of the "More" commands and of the edits in the order drawer: which command the
// selection allows, the receiver phone rule (mobile or landline, packages/core masks.ts), the
// region choices of a province and a city, the input sent by the receiver form, and the server's
// field problems placed next to the form's fields.
import { isMobile, LANDLINE_PATTERN, ORDER_STATUS, type OrderConvertTarget, type OrderRow, type UpdateOrderReceiverInput } from '@openseller/core';
import { ApiError } from '../../../app/request';

export type MoreAction = `convert:${OrderConvertTarget}` | 'recycleExpressNo' | 'releaseRisk' | 'cancelMerge' | 'cancelSplit';

export const MORE_ACTIONS: readonly MoreAction[] = ['convert:PRESALE', 'convert:NORMAL', 'convert:STOCK_OUT', 'convert:LOCKED', 'recycleExpressNo', 'releaseRisk', 'cancelMerge', 'cancelSplit'];

type Selected = Pick<OrderRow, 'mergeLevel' | 'splitLevel'>;

/** Cancel merge takes one merged order (mergeLevel 1), cancel split one split order; the rest any selection. */
export function moreActionEnabled(action: MoreAction, selected: readonly Selected[]): boolean {
  if (action === 'cancelMerge') return selected.length === 1 && selected[0]!.mergeLevel === 1;
  if (action === 'cancelSplit') return selected.length === 1 && selected[0]!.splitLevel > 0;
  return selected.length >= 1;
}

/** Lines and merges are edited only while the order is pending review. */
export const isPendingOrder = (order: Pick<OrderRow, 'statusCode'>) => order.statusCode === ORDER_STATUS.NORMAL;

/** The receiver can be changed while pending or reviewed (not yet shipped). */
export const receiverEditable = (order: Pick<OrderRow, 'statusCode'>) => order.statusCode === ORDER_STATUS.NORMAL || order.statusCode === ORDER_STATUS.VERIFIED;

/** A receiver phone is a mainland mobile (11 digits from 1) or a landline (0xx-xxxxxxx[-ext]). */
export function receiverPhoneValid(value: string | null | undefined): boolean {
  const v = (value ?? '').trim();
  return isMobile(v) || LANDLINE_PATTERN.test(v);
}

export interface ReceiverFormValues {
  receiverName: string;
  receiverPhone: string;
  receiverTel?: string;
  receiverProvince: string;
  receiverCity: string;
  receiverDistrict?: string;
  receiverAddress: string;
  receiverZip?: string;
}

const blankToNull = (v: string | undefined) => (v && v.trim() ? v.trim() : null);

/** The updateReceiver input: the version the drawer shows is sent, so a changed order is refused. */
export function receiverInput(order: Pick<OrderRow, 'id' | 'version'>, v: ReceiverFormValues): UpdateOrderReceiverInput {
  return {
    id: order.id,
    version: order.version,
    receiverName: v.receiverName.trim(),
    receiverPhone: v.receiverPhone.trim(),
    receiverTel: blankToNull(v.receiverTel),
    receiverProvince: v.receiverProvince,
    receiverCity: v.receiverCity,
    receiverDistrict: blankToNull(v.receiverDistrict),
    receiverAddress: v.receiverAddress.trim(),
    receiverZip: blankToNull(v.receiverZip),
  };
}

/** The server's field problems as antd Form fields, for the fields the form has; the rest stay for a toast. */
export function formFieldErrors<F extends string>(error: unknown, known: readonly F[]): { fields: { name: F; errors: string[] }[]; rest: boolean } {
  if (!(error instanceof ApiError)) return { fields: [], rest: true };
  const byField = new Map<F, string[]>();
  let rest = error.fields.length === 0;
  for (const p of error.fields) {
    const name = p.field.split('.')[0] as F;
    if (known.includes(name)) byField.set(name, [...(byField.get(name) ?? []), p.message]);
    else rest = true;
  }
  return { fields: [...byField].map(([name, errors]) => ({ name, errors })), rest };
}
