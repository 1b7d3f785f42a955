// Server wording of the refund-hold and intercept-task codes, in Chinese and English (the web app has its own).
import { InterceptErrors } from '@openseller/core';
import { registerServerMessages } from '../../../platform/messages.js';

const ACTION_ZH: Record<string, string> = { print: '打印', waybill: '获取运单号', send: '发货', verify: '审核' };
const ACTION_EN: Record<string, string> = { print: 'printed', waybill: 'given a waybill number', send: 'shipped', verify: 'reviewed' };
const STATUS_ZH: Record<string, string> = { OPEN: '待拦截', INTERCEPTED: '已拦截', RELEASED: '已解除' };

export function registerInterceptMessages(): void {
  registerServerMessages({
    zh: {
      [InterceptErrors.REFUND_HOLD]: (p) => `订单 ${p.code} 有退款申请，不能${ACTION_ZH[String(p.action)] ?? '打印/发货'}`,
      [InterceptErrors.TASK_STATE]: (p) => `订单 ${p.code} 的拦截任务${STATUS_ZH[String(p.status)] ?? p.status}，不能再处理`,
    },
    en: {
      [InterceptErrors.REFUND_HOLD]: (p) => `Order ${p.code} has a refund request: it cannot be ${ACTION_EN[String(p.action)] ?? 'printed or shipped'}`,
      [InterceptErrors.TASK_STATE]: (p) => `The intercept task of order ${p.code} is already ${String(p.status).toLowerCase()}`,
    },
    nouns: {
      interceptTask: { zh: '拦截任务', en: 'The intercept task' },
    },
  });
}
