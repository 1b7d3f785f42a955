// After-sale decisions by state (spec 02 §4.2): which decision a document allows, and the states
// it moves to. One owner: the server's guards and the web's buttons both ask here.
import {
  GOODS_COME_BACK,
  HAS_REFUND,
  type AfterSaleDecision,
  type AfterSaleState,
  type AfterSaleType,
  type ReceiptState,
  type RefundState,
} from '../catalogues/aftersales.js';
import { platformSupportsReturnOrders } from '../catalogues/platforms.js';

export interface AfterSaleStates {
  type: AfterSaleType;
  checkStatus: AfterSaleState;
  refundStatus: RefundState | null;
  receiptStatus: ReceiptState;
}

/** Why a decision is not allowed: the document's type, its states, or its store's platform. */
export type DecisionRefusal = 'WRONG_TYPE' | 'WRONG_STATE' | 'RETURN_ORDERS_UNSUPPORTED';

const OPEN: ReadonlySet<AfterSaleState> = new Set(['UNPROCESSED', 'PROCESSING']);

/**
 * Whether a decision is allowed on a document; null when it is. `platformCode` is the store's
 * platform: agreeing a return sends the document as a return order, which Youzan, JD, JD
 * self-operated and Douyin do not take (spec 02 §4.3).
 */
export function decisionRefusal(decision: AfterSaleDecision, doc: AfterSaleStates, platformCode?: string | null): DecisionRefusal | null {
  if (decision === 'sync') return null;
  const refund = HAS_REFUND.has(doc.type);
  const goodsBack = GOODS_COME_BACK.has(doc.type);
  const open = OPEN.has(doc.checkStatus);
  switch (decision) {
    case 'agreeRefund':
      if (!refund) return 'WRONG_TYPE';
      if (!open || (doc.refundStatus !== 'VERIFY' && doc.refundStatus !== 'FAILURE')) return 'WRONG_STATE';
      // A return and refund pays back once the return is agreed (goods on their way or in).
      if (doc.type === 'RETURN_REFUND' && !['WAITING', 'PARTIAL', 'ALL'].includes(doc.receiptStatus)) return 'WRONG_STATE';
      return null;
    case 'refuseRefund':
      if (!refund) return 'WRONG_TYPE';
      return open && doc.refundStatus === 'VERIFY' ? null : 'WRONG_STATE';
    case 'refundFinish':
      if (!refund) return 'WRONG_TYPE';
      return open && doc.refundStatus === 'WAIT' ? null : 'WRONG_STATE';
    case 'agreeReturn':
      if (!goodsBack) return 'WRONG_TYPE';
      if (!open || doc.receiptStatus !== 'NONE') return 'WRONG_STATE';
      return platformCode && !platformSupportsReturnOrders(platformCode) ? 'RETURN_ORDERS_UNSUPPORTED' : null;
    case 'refuseReturn':
      if (!goodsBack) return 'WRONG_TYPE';
      return open && doc.receiptStatus === 'NONE' ? null : 'WRONG_STATE';
    case 'uploadLogistics':
      if (!goodsBack) return 'WRONG_TYPE';
      return open && (doc.receiptStatus === 'NONE' || doc.receiptStatus === 'WAITING') ? null : 'WRONG_STATE';
  }
}

/** The decisions a document allows now (the web's buttons). */
export function allowedDecisions(doc: AfterSaleStates, platformCode?: string | null, decisions: readonly AfterSaleDecision[] = ['agreeRefund', 'refuseRefund', 'agreeReturn', 'refuseReturn', 'refundFinish', 'uploadLogistics', 'sync']): AfterSaleDecision[] {
  return decisions.filter((d) => decisionRefusal(d, doc, platformCode) === null);
}

/**
 * The states after an allowed decision. `refundResult` is the outcome a refund finish reports
 * (SUCCESS or FAILURE). Receipt progress (PARTIAL, ALL) comes from the return inbound, not from here.
 */
export function statesAfter(decision: AfterSaleDecision, doc: AfterSaleStates, refundResult: 'SUCCESS' | 'FAILURE' = 'SUCCESS'): AfterSaleStates {
  const goodsBack = GOODS_COME_BACK.has(doc.type);
  switch (decision) {
    case 'agreeRefund':
      return { ...doc, refundStatus: 'WAIT', checkStatus: 'PROCESSING' };
    case 'refuseRefund':
      return { ...doc, refundStatus: 'REJECT', checkStatus: 'CLOSED', receiptStatus: goodsBack && doc.receiptStatus === 'NONE' ? 'STOPPED' : doc.receiptStatus };
    case 'refundFinish':
      return refundResult === 'SUCCESS' ? { ...doc, refundStatus: 'SUCCESS', checkStatus: 'COMPLETED' } : { ...doc, refundStatus: 'FAILURE', checkStatus: 'PROCESSING' };
    case 'agreeReturn':
      return { ...doc, receiptStatus: 'WAITING', checkStatus: 'PROCESSING' };
    case 'refuseReturn':
      return { ...doc, receiptStatus: 'STOPPED', checkStatus: 'CLOSED', refundStatus: doc.refundStatus === 'VERIFY' ? 'REJECT' : doc.refundStatus };
    case 'uploadLogistics':
    case 'sync':
      return { ...doc };
  }
}

/** The receipt state from what a return inbound expects and has received. */
export function receiptStateOf(expected: number, received: number): ReceiptState {
  if (received <= 0) return 'WAITING';
  return received >= expected ? 'ALL' : 'PARTIAL';
}

/** The initial states of a new document of a type. */
export function initialStates(type: AfterSaleType): AfterSaleStates {
  return { type, checkStatus: 'UNPROCESSED', refundStatus: HAS_REFUND.has(type) ? 'VERIFY' : null, receiptStatus: 'NONE' };
}
