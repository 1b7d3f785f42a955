// The carrier connector: what the product asks a carrier (express company) for — waybill numbers
// with their routing (sort code, bag) and print data, cancelling a number, and tracking a parcel
// (spec 02 §3.9, §4.1 express tracking, §7.13). The sandbox carrier (sandbox/) serves sandbox
// accounts, Pinduoduo waybills (pdd-waybill/) accounts of print code pdd, Cainiao waybills
// (cainiao/, through TOP or Cainiao LINK) accounts of print code cn; other real carriers answer
// NOT_IN_BUILD.
import type { PlatformPrintCode, TrackingState } from '@openseller/core';

/** The waybill account a call is made with. */
export interface CarrierAccount {
  domainId: number;
  accountId: number;
  printCode: PlatformPrintCode;
  expressCompanyCode: string;
  sandbox: boolean;
  fields: Record<string, string>;
}

export interface CarrierAddress {
  name: string | null;
  phone: string | null;
  province: string | null;
  city: string | null;
  district: string | null;
  address: string | null;
}

export interface CarrierParcel {
  orderCode: string;
  sender: CarrierAddress;
  receiver: CarrierAddress;
  /** kg, 3 decimals. */
  weight: string;
  packages: number;
  /** Insurance in cents (spec 02 §5), 0 for none. */
  insuranceCents?: number;
  /** The order's marketplace (platform code) and its order numbers there, when it came from one (platform waybills name the trades). */
  platformCode?: string | null;
  platformNos?: string[];
}

export interface CarrierRouting {
  /** Sort code printed big on the label (三段码). */
  sortCode: string;
  /** Bag (集包地). */
  bag: string;
  /** Destination branch. */
  branch: string;
}

export type WaybillOutcome =
  | { orderCode: string; ok: true; expressNo: string; routing: CarrierRouting; printData: Record<string, unknown> }
  | { orderCode: string; ok: false; reason: string };

export interface TrackingEvent {
  state: TrackingState;
  at: string;
  description: string;
  /** The courier is out delivering the parcel (派件中): the buyer may be told to expect it. */
  delivering?: boolean;
}

export interface TrackingResult {
  expressNo: string;
  state: TrackingState;
  events: TrackingEvent[];
}

/** The whole call failed (the carrier is down, refused the account, not in this build). */
export class CarrierConnectorError extends Error {
  constructor(
    readonly kind: 'FAILED' | 'NOT_IN_BUILD' | 'TIMEOUT',
    message: string,
  ) {
    super(message);
  }
}

export interface CarrierConnector {
  readonly system: string;
  /** One outcome per parcel, in the order given; throws CarrierConnectorError when the call fails. */
  takeWaybillNumbers(account: CarrierAccount, parcels: CarrierParcel[]): Promise<WaybillOutcome[]>;
  cancelWaybillNumber(account: CarrierAccount, expressNo: string): Promise<void>;
  queryTracking(account: Pick<CarrierAccount, 'domainId' | 'expressCompanyCode'>, expressNo: string): Promise<TrackingResult>;
}

export interface CarrierRegistry {
  /** The account's connector (waybillConnectorOf in packages/core): the sandbox for sandbox accounts, by print code otherwise (pdd: Pinduoduo waybills, cn: Cainiao). */
  connectorFor(account: Pick<CarrierAccount, 'sandbox' | 'expressCompanyCode'> & Partial<Pick<CarrierAccount, 'printCode' | 'fields'>>): CarrierConnector;
}
