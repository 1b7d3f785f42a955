// The outbound part's calls (spec 02 §7.9: /myhome/wdoHeader, /cloud/core/wdoDetail; the
// sales-outbound list), from the route catalogue. Calls are quiet: the pages word refusals
// themselves (outboundErrorMessage) and put field problems by their field.
import { OutboundCalls, type CallInput } from '@openseller/core';
import { callApi, type RequestOptions } from '../../../app/request';

const quiet: RequestOptions = { quiet: true };

export const outboundApi = {
  search: (input: CallInput<typeof OutboundCalls.search>) => callApi(OutboundCalls.search, input, quiet),
  get: (id: number) => callApi(OutboundCalls.get, { id }, quiet),
  create: (input: CallInput<typeof OutboundCalls.create>) => callApi(OutboundCalls.create, input, quiet),
  update: (input: CallInput<typeof OutboundCalls.update>) => callApi(OutboundCalls.update, input, quiet),
  remove: (input: CallInput<typeof OutboundCalls.delete>) => callApi(OutboundCalls.delete, input, quiet),
  verify: (input: CallInput<typeof OutboundCalls.verify>) => callApi(OutboundCalls.verify, input, quiet),
  sync: (input: CallInput<typeof OutboundCalls.sync>) => callApi(OutboundCalls.sync, input, quiet),
  deliver: (input: CallInput<typeof OutboundCalls.updateInventory>) => callApi(OutboundCalls.updateInventory, input, quiet),
  cancel: (input: CallInput<typeof OutboundCalls.cancel>) => callApi(OutboundCalls.cancel, input, quiet),
  forceCancel: (input: CallInput<typeof OutboundCalls.forceCancel>) => callApi(OutboundCalls.forceCancel, input, quiet),

  salesOutbound: (input: CallInput<typeof OutboundCalls.salesOutbound>) => callApi(OutboundCalls.salesOutbound, input, quiet),
  exportSalesOutbound: (input: CallInput<typeof OutboundCalls.exportSalesOutbound>) => callApi(OutboundCalls.exportSalesOutbound, input, quiet),
};
