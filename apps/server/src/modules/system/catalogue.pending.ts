// The spec's calls (docs/spec/03-calls.md) that this build does not serve yet, each with the issue
// that will build it. The conformance test (catalogue.api.test.ts) fails when a call of the spec
// is neither served nor listed here, and when a call listed here is served: the list only shrinks.
export const PENDING_SPEC_CALLS: Readonly<Record<string, string>> = {
  // issue 12: route catalogue (a built area served elsewhere)

  // issue 14: after-sales

  // issue 15: purchasing and payables

  // issue 16: reports

  // issue 17: notices and administration

  // issue 19: reconciliation
  'POST /cloud/advance/finance/reconciliation/search': '#19',
  'POST /cloud/advance/finance/alipayBill/search': '#19',
  'POST /cloud/advance/finance/calculatedSum': '#19',
  'POST /cloud/core/expressReconciliation/search': '#19',
  'POST /cloud/core/expressReconciliation/check': '#19',
  'POST /cloud/core/expressReconciliation/create': '#19',
  'POST /cloud/core/expressReconciliation/update': '#19',
  'POST /cloud/core/expressReconciliation/delete': '#19',
  'POST /cloud/core/expressReconciliation/enable': '#19',
  'POST /cloud/core/freightTemplate/search': '#19',
  'POST /cloud/core/freightTemplate/check': '#19',
  'POST /cloud/core/freightTemplate/create': '#19',
  'POST /cloud/core/freightTemplate/update': '#19',
  'POST /cloud/core/freightTemplate/delete': '#19',
  'POST /cloud/core/freightTemplate/enable': '#19',

  // issue 21: the rest of the built areas
  'POST /cloud/core/exportFile/getPlatformFile': '#21',
  'POST /myhome/spu/searchLiveSpuList': '#21',
  'POST /myhome/spu/createLiveCode': '#21',
  'POST /myhome/spu/sendToWMS': '#21',
  'POST /myhome/spu/searchSpuSyncStatus': '#21',
  'POST /myhome/spu/rebuildSpu': '#21',
  'POST /myhome/tbspu/sendToWmsSkuMapping': '#21',
  'POST /myhome/tbspu/searchSyncStatus': '#21',
  'POST /myhome/warehouse/sync': '#21',
  'POST /cloud/core/averagecost/updateAvgCostConfig': '#21',
  'POST /myhome/proxy/doSyncSkuBySpuId': '#21',
  'POST /myhome/proxy/asyncGetExpOrder': '#21',
};
