import { describe, expect, it } from 'vitest';
import { AsnCreateInput, AsnImportRow, AsnSearchInput } from '../contracts/inbound.js';
import { asnAllows, asnStatusCode, isSandboxWarehouse } from './inbound.js';

describe('inbound catalogues', () => {
  it('reads a status as its code or its short name, and nothing else', () => {
    expect(asnStatusCode('CI_ASN_STATUS_CREATED')).toBe('CI_ASN_STATUS_CREATED');
    expect(asnStatusCode(' completed ')).toBe('CI_ASN_STATUS_COMPLETED');
    expect(asnStatusCode('WAITING')).toBeUndefined();
    expect(AsnSearchInput.parse({ status: 'CREATED' }).status).toBe('CI_ASN_STATUS_CREATED');
    expect(AsnSearchInput.safeParse({ status: 'WAITING' }).success).toBe(false);
  });

  it('connects only WMS and Qimen warehouses whose external code starts with SANDBOX to the sandbox', () => {
    expect(isSandboxWarehouse({ type: 'WMS_WAREHOUSE', externalCode: 'sandbox-hz' })).toBe(true);
    expect(isSandboxWarehouse({ type: 'QIMEN_WAREHOUSE', externalCode: 'SANDBOX' })).toBe(true);
    expect(isSandboxWarehouse({ type: 'QIMEN_WAREHOUSE', externalCode: 'QM-01' })).toBe(false);
    expect(isSandboxWarehouse({ type: 'BYTE_WAREHOUSE', externalCode: 'SANDBOX-1' })).toBe(false);
    expect(isSandboxWarehouse({ type: 'SELF_WAREHOUSE', externalCode: null })).toBe(false);
  });

  it('offers edit and receipt only to notices to receive, and nothing to completed or closed ones', () => {
    expect(asnAllows('CI_ASN_STATUS_CREATED', 'receipt')).toBe(true);
    expect(asnAllows('CI_ASN_STATUS_SYNCED', 'edit')).toBe(false);
    expect(asnAllows('CI_ASN_STATUS_SYNCED', 'forceCancel')).toBe(true);
    expect(asnAllows('CI_ASN_STATUS_COMPLETED', 'cancel')).toBe(false);
    expect(asnAllows('CI_ASN_STATUS_CLOSED', 'delete')).toBe(false);
  });

  it('refuses a notice with a SKU on two lines, a zero or fractional quantity, or a price with five decimals', () => {
    const line = { skuId: 1, qty: 2 };
    expect(AsnCreateInput.safeParse({ whId: 1, asnDetails: [line, line] }).success).toBe(false);
    expect(AsnCreateInput.safeParse({ whId: 1, asnDetails: [{ skuId: 1, qty: 0 }] }).success).toBe(false);
    expect(AsnCreateInput.safeParse({ whId: 1, asnDetails: [{ skuId: 1, qty: 1.5 }] }).success).toBe(false);
    expect(AsnCreateInput.safeParse({ whId: 1, asnDetails: [{ skuId: 1, qty: 1, price: '1.23456' }] }).success).toBe(false);
    expect(AsnCreateInput.parse({ whId: 1, asnDetails: [{ skuId: 1, qty: 1, price: 2.5 }] })).toMatchObject({ asnType: 'ASN_PURCHASE', asnDetails: [{ price: '2.5' }] });
  });

  it('reads an import row’s type in short or long form and its quantity as a whole number', () => {
    expect(AsnImportRow.parse({ warehouseCode: 'W', skuCode: 'S', qty: '3', asnType: 'aftersale' })).toMatchObject({ asnType: 'ASN_AFTERSALE', qty: 3 });
    expect(AsnImportRow.parse({ warehouseCode: 'W', skuCode: 'S', qty: '3' }).asnType).toBe('ASN_PURCHASE');
    expect(AsnImportRow.safeParse({ warehouseCode: 'W', skuCode: 'S', qty: '2.5' }).success).toBe(false);
    expect(AsnImportRow.safeParse({ warehouseCode: 'W', skuCode: 'S', qty: '1', asnType: 'GIFT' }).success).toBe(false);
  });
});
