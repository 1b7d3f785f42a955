// The home counters (spec 01 §3) in groups, each with its jump target (spec 01 §2.4): the home
// page and the header's to-do popover show the same entries.
import type { HomePageData } from '@openseller/core';

export interface Counter {
  key: keyof HomePageData;
  to: string;
}

export interface CounterGroup {
  key: string;
  counters: Counter[];
}

// Each counter's jump target (spec 01 §2.4).
export const HOME_COUNTER_GROUPS: CounterGroup[] = [
  {
    key: 'orders',
    counters: [
      { key: 'countNoVerify', to: '/order?activeKey=1' },
      { key: 'countToPrintExp', to: '/order?activeKey=2&expressPrinted=false' },
      { key: 'countToSend', to: '/order?activeKey=2&expressPrinted=true&whType=SELF_WAREHOUSE' },
      { key: 'countToSend4Wms', to: '/order?activeKey=6&statusCode=CI_ERPSOH_STATUS_SYNCED' },
    ],
  },
  {
    key: 'exceptions',
    counters: [
      { key: 'countOrderSynFailed', to: '/order?activeKey=5&type=sync' },
      { key: 'countSyncException', to: '/order?activeKey=5&type=issued' },
      { key: 'countFeedbackFailed', to: '/order?activeKey=5&type=feedback' },
      { key: 'noTbSpuCount', to: '/goods/mapping' },
    ],
  },
  {
    key: 'stock',
    counters: [
      { key: 'asnHeaderCount', to: '/stocks?activeKey=2&status=CI_ASN_STATUS_CREATED' },
      { key: 'wdoHeaderCount', to: '/stocks?activeKey=3&status=CI_WDO_STATUS_CREATED' },
      { key: 'rmaCount', to: '/order/aftersalesmanagement?status=CI_RMA_STATUS_CREATED' },
    ],
  },
];
