// Return inbound (RMA, spec 02 §3.6, §4.1): the return's statuses, the catalogue of its issue to a
// third-party warehouse (send) and of a cancel sent there, and the two qualities a received unit
// is booked as (good: sellable again; defective: a non-sellable location, kept out of the stock
// sync to stores).
import type { Language } from './languages.js';

/** To receive, issued to the warehouse system, completed, cancelled. */
export const RMA_STATUSES = ['CI_RMA_STATUS_CREATED', 'CI_RMA_STATUS_SYNCED', 'CI_RMA_STATUS_COMPLETED', 'CI_RMA_STATUS_CLOSED'] as const;
export type RmaStatus = (typeof RMA_STATUSES)[number];
export const RMA_STATUS = {
  CREATED: 'CI_RMA_STATUS_CREATED',
  SYNCED: 'CI_RMA_STATUS_SYNCED',
  COMPLETED: 'CI_RMA_STATUS_COMPLETED',
  CLOSED: 'CI_RMA_STATUS_CLOSED',
} as const satisfies Record<string, RmaStatus>;

/** The spec's shown return-order states: awaiting warehouse entry, sent down, completed, cancelled. */
export const RMA_STATUS_NAMES: Record<RmaStatus, { zh: string; zh_TW: string; en: string }> = {
  CI_RMA_STATUS_CREATED: { zh: '待入库', zh_TW: '待入庫', en: 'Awaiting warehouse entry' },
  CI_RMA_STATUS_SYNCED: { zh: '已下发', zh_TW: '已下發', en: 'Sent down' },
  CI_RMA_STATUS_COMPLETED: { zh: '已完成', zh_TW: '已完成', en: 'Completed' },
  CI_RMA_STATUS_CLOSED: { zh: '已取消', zh_TW: '已取消', en: 'Cancelled' },
};

export function rmaStatusName(status: RmaStatus, language: Language): string {
  const names = RMA_STATUS_NAMES[status];
  return language === 'zh' || language === 'zh_TW' ? names[language] : names.en;
}

/** The short form (CREATED) or the code (CI_RMA_STATUS_CREATED) to the code. */
export function rmaStatusCode(value: string): RmaStatus | undefined {
  const upper = value.trim().toUpperCase();
  const code = upper.startsWith('CI_RMA_STATUS_') ? upper : `CI_RMA_STATUS_${upper}`;
  return (RMA_STATUSES as readonly string[]).includes(code) ? (code as RmaStatus) : undefined;
}

/** Issue to a third-party warehouse: NONE (a seller-run warehouse needs none), REQUEST, SENDING, SUCCESS, FAILURE. */
export const RMA_SEND_STATUSES = ['NONE', 'REQUEST', 'SENDING', 'SUCCESS', 'FAILURE'] as const;
export type RmaSendStatus = (typeof RMA_SEND_STATUSES)[number];

/** A cancel sent to the third-party warehouse. */
export const RMA_CANCEL_STATUSES = ['NONE', 'CANCEL_REQUEST', 'CANCEL_SENDING', 'CANCEL_SUCCESS', 'CANCEL_FAILURE'] as const;
export type RmaCancelStatus = (typeof RMA_CANCEL_STATUSES)[number];

/** How a received unit is booked. */
export const RMA_QUALITIES = ['GOOD', 'DEFECTIVE'] as const;
export type RmaQuality = (typeof RMA_QUALITIES)[number];

/** Where a return comes from: a shipped order's lines, or nothing (a free return). */
export const RMA_SOURCES = ['ORDER', 'FREE'] as const;
export type RmaSource = (typeof RMA_SOURCES)[number];

/** The code of the non-sellable location a warehouse's defective returns go to when it has none. */
export const DEFECTIVE_LOCATION_CODE = 'RMA-DEFECTIVE';

/** The ledger's document type of return-inbound movements. */
export const RMA_DOC_TYPE = 'RMA';

/** Fuzzy (the spec's keywordsType value mohu) or exact keyword matching in the list. */
export const RMA_KEYWORD_TYPES = ['mohu', 'exact'] as const;

/**
 * A 'no information' parcel: a return parcel whose scan matched no return, after-sale or shipped
 * order. OPEN until linked to a return (LINKED), then received through that return.
 */
export const RMA_PARCEL_STATES = ['OPEN', 'LINKED'] as const;
export type RmaParcelState = (typeof RMA_PARCEL_STATES)[number];
