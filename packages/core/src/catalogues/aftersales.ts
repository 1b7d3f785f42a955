// After-sale documents (spec 02 §3.7, §4.1, §4.2): the document types, and the separate state
// columns of a document — the platform's own state (a mirror, free text), the document state
// (checkStatus), the receipt of returned goods, the refund (spec 02 §4.1 Refund: VERIFY, WAIT,
// SUCCESS, REJECT, FAILURE) and the write-back to the platform. Names in Chinese and English.
import type { Language } from './languages.js';

type Names = { zh: string; en: string };

/** Refund only, return and refund, exchange, reissue. */
export const AFTER_SALE_TYPES = ['REFUND_ONLY', 'RETURN_REFUND', 'EXCHANGE', 'REISSUE'] as const;
export type AfterSaleType = (typeof AFTER_SALE_TYPES)[number];
export const AFTER_SALE_TYPE_NAMES: Record<AfterSaleType, Names> = {
  REFUND_ONLY: { zh: '仅退款', en: 'Refund only' },
  RETURN_REFUND: { zh: '退货退款', en: 'Return and refund' },
  EXCHANGE: { zh: '换货', en: 'Exchange' },
  REISSUE: { zh: '补发', en: 'Reissue' },
};
/** Types whose goods come back (a return line is bounded by what shipped). */
export const GOODS_COME_BACK: ReadonlySet<AfterSaleType> = new Set(['RETURN_REFUND', 'EXCHANGE']);
/** Types with money going back to the buyer. */
export const HAS_REFUND: ReadonlySet<AfterSaleType> = new Set(['REFUND_ONLY', 'RETURN_REFUND']);
/** Types sending goods out again (exchange lines). */
export const SENDS_GOODS: ReadonlySet<AfterSaleType> = new Set(['EXCHANGE', 'REISSUE']);

/** Before shipping (售中) or after (售后). */
export const REFUND_PHASES = ['ON_SALE', 'AFTER_SALE'] as const;
export type RefundPhase = (typeof REFUND_PHASES)[number];
export const REFUND_PHASE_NAMES: Record<RefundPhase, Names> = {
  ON_SALE: { zh: '售中', en: 'Before shipping' },
  AFTER_SALE: { zh: '售后', en: 'After shipping' },
};

/** The document's own state (checkStatus). */
export const AFTER_SALE_STATES = ['UNPROCESSED', 'PROCESSING', 'COMPLETED', 'CLOSED'] as const;
export type AfterSaleState = (typeof AFTER_SALE_STATES)[number];
export const AFTER_SALE_STATE_NAMES: Record<AfterSaleState, Names> = {
  UNPROCESSED: { zh: '待处理', en: 'To process' },
  PROCESSING: { zh: '处理中', en: 'Processing' },
  COMPLETED: { zh: '已完成', en: 'Completed' },
  CLOSED: { zh: '已关闭', en: 'Closed' },
};
/** Completed and closed documents are the archive. */
export const ARCHIVED_STATES: readonly AfterSaleState[] = ['COMPLETED', 'CLOSED'];

/** The returned goods: none expected, waiting, part received, all received, stopped (return refused). */
export const RECEIPT_STATES = ['NONE', 'WAITING', 'PARTIAL', 'ALL', 'STOPPED'] as const;
export type ReceiptState = (typeof RECEIPT_STATES)[number];
export const RECEIPT_STATE_NAMES: Record<ReceiptState, Names> = {
  NONE: { zh: '无需收货', en: 'No receipt' },
  WAITING: { zh: '待收货', en: 'Awaiting receipt' },
  PARTIAL: { zh: '部分收货', en: 'Partly received' },
  ALL: { zh: '已收货', en: 'Received' },
  STOPPED: { zh: '已终止', en: 'Stopped' },
};

/** Spec 02 §4.1 Refund. */
export const REFUND_STATES = ['VERIFY', 'WAIT', 'SUCCESS', 'REJECT', 'FAILURE'] as const;
export type RefundState = (typeof REFUND_STATES)[number];
export const REFUND_STATE_NAMES: Record<RefundState, Names> = {
  VERIFY: { zh: '待审核', en: 'To review' },
  WAIT: { zh: '待退款', en: 'Awaiting refund' },
  SUCCESS: { zh: '退款成功', en: 'Refunded' },
  REJECT: { zh: '已拒绝', en: 'Refused' },
  FAILURE: { zh: '退款失败', en: 'Refund failed' },
};

/** The write-back of a decision to the platform (documents pulled from a platform only). */
export const WRITE_BACK_STATES = ['TO_SEND', 'SENT', 'FAILED'] as const;
export type WriteBackState = (typeof WRITE_BACK_STATES)[number];
export const WRITE_BACK_STATE_NAMES: Record<WriteBackState, Names> = {
  TO_SEND: { zh: '待回传', en: 'To send' },
  SENT: { zh: '已回传', en: 'Sent' },
  FAILED: { zh: '回传失败', en: 'Failed' },
};

/**
 * When the replacement of an exchange or a reissue ships: now, or once the returned goods are
 * all received (an exchange only; a reissue takes nothing back).
 */
export const REPLACEMENT_MODES = ['NOW', 'AFTER_RECEIPT'] as const;
export type ReplacementMode = (typeof REPLACEMENT_MODES)[number];
export const REPLACEMENT_MODE_NAMES: Record<ReplacementMode, Names> = {
  NOW: { zh: '立即发出换货', en: 'Replacement now' },
  AFTER_RECEIPT: { zh: '收到退货后发出', en: 'After the return is received' },
};

/** Where a document comes from. */
export const AFTER_SALE_SOURCES = ['MANUAL', 'IMPORT', 'PLATFORM'] as const;
export type AfterSaleSource = (typeof AFTER_SALE_SOURCES)[number];

/** Line kinds: goods coming back (or refunded), goods going out (exchange, reissue). */
export const AFTER_SALE_LINE_KINDS = ['RETURN', 'EXCHANGE'] as const;
export type AfterSaleLineKind = (typeof AFTER_SALE_LINE_KINDS)[number];

/** The after-sales decisions of spec 02 §4.2. */
export const AFTER_SALE_DECISIONS = ['agreeRefund', 'refuseRefund', 'agreeReturn', 'refuseReturn', 'refundFinish', 'uploadLogistics', 'sync'] as const;
export type AfterSaleDecision = (typeof AFTER_SALE_DECISIONS)[number];

export function afterSaleName(names: Names, language: Language): string {
  return language === 'zh' || language === 'zh_TW' ? names.zh : names.en;
}

/** The export type of the download centre. */
export const AFTER_SALES_EXPORT_TYPE = 'AFTER_SALES';
/** The import kind of the import engine. */
export const AFTER_SALES_IMPORT_KIND = 'afterSales';
