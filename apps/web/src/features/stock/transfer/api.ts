// The only place that names the transfer part's server paths (spec 02 §7.9:
// /myhome/transfer/createTransferOrderByHand; the others are listed in the server's README).
import type {
  PageResult,
  TransferCommandInput,
  TransferCreateInput,
  TransferReceiveInput,
  TransferRow,
  TransferSearchInput,
  TransferUpdateInput,
  TransferWithDetails,
} from '@openseller/core';
import { request, type RequestOptions } from '../../../app/request';

const quiet: RequestOptions = { quiet: true };
const T = '/myhome/transfer';

export const transferApi = {
  search: (input: Partial<TransferSearchInput>) => request<PageResult<TransferRow>>(`${T}/search`, input, quiet),
  get: (id: number) => request<TransferWithDetails>(`${T}/get`, { id }, quiet),
  create: (input: TransferCreateInput) => request<TransferWithDetails>(`${T}/createTransferOrderByHand`, input, quiet),
  update: (input: TransferUpdateInput) => request<TransferWithDetails>(`${T}/update`, input, quiet),
  ship: (input: TransferCommandInput) => request<TransferWithDetails>(`${T}/ship`, input, quiet),
  receive: (input: TransferReceiveInput) => request<TransferWithDetails>(`${T}/receive`, input, quiet),
  cancel: (input: TransferCommandInput) => request<TransferWithDetails>(`${T}/cancel`, input, quiet),
};
