// Inbound notices (ASN) and third-party warehouse systems (spec 02 §4.1): the notice statuses,
// the inbound types, the sync statuses of issuing a document to a warehouse system, and the
// statuses a warehouse system gives its own copy of a document.
import type { Language } from './languages.js';

/** Inbound notice statuses: to receive, issued to the warehouse system, completed, cancelled. */
export const ASN_STATUSES = ['CI_ASN_STATUS_CREATED', 'CI_ASN_STATUS_SYNCED', 'CI_ASN_STATUS_COMPLETED', 'CI_ASN_STATUS_CLOSED'] as const;
export type AsnStatus = (typeof ASN_STATUSES)[number];
export const ASN_STATUS = {
  CREATED: 'CI_ASN_STATUS_CREATED',
  SYNCED: 'CI_ASN_STATUS_SYNCED',
  COMPLETED: 'CI_ASN_STATUS_COMPLETED',
  CLOSED: 'CI_ASN_STATUS_CLOSED',
} as const satisfies Record<string, AsnStatus>;

/**
 * A status's name as the answers carry it (statusName, spec 02 §3.6): Chinese for the Chinese
 * languages, English for the others. The web app shows its own wording in every language.
 */
export const ASN_STATUS_NAMES: Record<AsnStatus, { zh: string; zh_TW: string; en: string }> = {
  CI_ASN_STATUS_CREATED: { zh: '待收货', zh_TW: '待收貨', en: 'To receive' },
  CI_ASN_STATUS_SYNCED: { zh: '已下发', zh_TW: '已下發', en: 'Issued' },
  CI_ASN_STATUS_COMPLETED: { zh: '已完成', zh_TW: '已完成', en: 'Completed' },
  CI_ASN_STATUS_CLOSED: { zh: '已取消', zh_TW: '已取消', en: 'Cancelled' },
};

export function asnStatusName(status: AsnStatus, language: Language): string {
  const names = ASN_STATUS_NAMES[status];
  return language === 'zh' || language === 'zh_TW' ? names[language] : names.en;
}

/** The short form of a status (the spec's CREATED, SYNCED…) to its code; the code is kept as is. */
export function asnStatusCode(value: string): AsnStatus | undefined {
  const upper = value.trim().toUpperCase();
  const code = upper.startsWith('CI_ASN_STATUS_') ? upper : `CI_ASN_STATUS_${upper}`;
  return (ASN_STATUSES as readonly string[]).includes(code) ? (code as AsnStatus) : undefined;
}

/** Inbound types. The /stocks/createStockAftersale page makes ASN_AFTERSALE notices. */
export const ASN_TYPES = ['ASN_PURCHASE', 'ASN_AFTERSALE', 'ASN_ALLOCATED', 'ASN_OTHER'] as const;
export type AsnType = (typeof ASN_TYPES)[number];

/** Sync of a document to a warehouse system: to sync, sending, failed, done, stopped. */
export const SYNC_STATUSES = ['REQUEST', 'SENDING', 'FAILURE', 'SUCCESS', 'STOP'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];

/**
 * A document's status in the third-party warehouse system: not sent, being sent, sent (to
 * receive or ship), in process (partly done), fulfilled, cancelled, being cancelled, closed.
 */
export const THIRD_PARTY_STATUSES = ['UNSENT', 'SENDING', 'SENTED', 'IN_PROCESS', 'FULFILLED', 'CANCEL', 'CANCELING', 'CLOSED'] as const;
export type ThirdPartyStatus = (typeof THIRD_PARTY_STATUSES)[number];

/** Warehouse types whose documents go to a warehouse system through a connector. */
export const WAREHOUSE_SYSTEM_TYPES = ['WMS_WAREHOUSE', 'QIMEN_WAREHOUSE', 'SP_WAREHOUSE', 'BYTE_WAREHOUSE', 'GTWMS_WAREHOUSE'] as const;

/** Types the sandbox warehouse system can stand in for (spec: WMS and Qimen warehouses). */
export const SANDBOX_WAREHOUSE_TYPES = ['WMS_WAREHOUSE', 'QIMEN_WAREHOUSE'] as const;

/**
 * A WMS or Qimen warehouse whose code in the other system (externalCode) starts with this is
 * served by the sandbox warehouse system of this build; any other is a real system.
 */
export const SANDBOX_EXTERNAL_CODE_PREFIX = 'SANDBOX';

export function isSandboxWarehouse(warehouse: { type: string; externalCode: string | null | undefined }): boolean {
  return (
    (SANDBOX_WAREHOUSE_TYPES as readonly string[]).includes(warehouse.type) &&
    (warehouse.externalCode ?? '').trim().toUpperCase().startsWith(SANDBOX_EXTERNAL_CODE_PREFIX)
  );
}

/**
 * Driving the sandbox warehouse system (its settings, forced failures, receiving, shipping and
 * confirming cancels) configures a warehouse: it needs the warehouses menu. Stock staff may
 * still see its state and fetch its results.
 */
export const SANDBOX_WMS_CONSOLE_MENU = 'MENU_WH_LIST';

/** The failures the sandbox warehouse system can be told to produce. */
export const SANDBOX_WMS_FAILURE_KINDS = ['TIMEOUT', 'TIMEOUT_AFTER_ACCEPT', 'REJECTED', 'ERROR'] as const;
export type SandboxWmsFailureKind = (typeof SANDBOX_WMS_FAILURE_KINDS)[number];
export const SANDBOX_WMS_OPERATIONS = ['issue', 'cancel', 'fetch', 'acknowledge'] as const;
export type SandboxWmsOperation = (typeof SANDBOX_WMS_OPERATIONS)[number];
/** How the sandbox answers a cancel: at once, or CANCELING until confirmed in its console. */
export const SANDBOX_WMS_CANCEL_MODES = ['IMMEDIATE', 'CONFIRM'] as const;
export type SandboxWmsCancelMode = (typeof SANDBOX_WMS_CANCEL_MODES)[number];

/** Who booked a receipt: a person on the notice, or the warehouse system reporting it. */
export const ASN_RECEIPT_SOURCES = ['MANUAL', 'WAREHOUSE_SYSTEM'] as const;
export type AsnReceiptSource = (typeof ASN_RECEIPT_SOURCES)[number];

export type AsnAction = 'edit' | 'receipt' | 'cancel' | 'forceCancel' | 'delete' | 'sync';

/**
 * What a notice may do in its status, before the finer checks (nothing received for cancel and
 * delete, a seller-run warehouse for receipt, a warehouse system for sync).
 */
export const ASN_ACTIONS_BY_STATUS: Record<AsnStatus, readonly AsnAction[]> = {
  CI_ASN_STATUS_CREATED: ['edit', 'receipt', 'cancel', 'forceCancel', 'delete', 'sync'],
  CI_ASN_STATUS_SYNCED: ['cancel', 'forceCancel'],
  CI_ASN_STATUS_COMPLETED: [],
  CI_ASN_STATUS_CLOSED: [],
};

export function asnAllows(status: AsnStatus, action: AsnAction): boolean {
  return ASN_ACTIONS_BY_STATUS[status].includes(action);
}
