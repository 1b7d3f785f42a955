// Printing orders that were printed before asks first (issue 20: "3 of 10 orders were already
// printed. Print them again?"). The order rows know it: expressPrintTime for the waybill,
// sendPrintTime for the delivery note.
import type { OrderRow } from '@openseller/core';

export type PrintKind = 'WAYBILL' | 'DELIVERY';

type PrintedFields = Pick<OrderRow, 'expressPrintTime' | 'sendPrintTime'>;

export function wasPrinted(row: PrintedFields, kind: PrintKind): boolean {
  return (kind === 'WAYBILL' ? row.expressPrintTime : row.sendPrintTime) != null;
}

/** The selected orders split into those printed before and those not. */
export function splitByPrinted<T extends PrintedFields>(rows: readonly T[], kind: PrintKind): { printed: T[]; notPrinted: T[] } {
  const printed: T[] = [];
  const notPrinted: T[] = [];
  for (const row of rows) (wasPrinted(row, kind) ? printed : notPrinted).push(row);
  return { printed, notPrinted };
}
