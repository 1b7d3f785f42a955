// Server wording of the ingest codes, in Chinese and English.
import { OrderErrors } from '@openseller/core';
import { registerServerMessages } from '../../../platform/messages.js';

const REASON_ZH: Record<string, string> = { headers: '请求头不完整', store: '店铺不存在或不是自定义店铺', signature: '签名不正确', timestamp: '时间戳已过期' };
const REASON_EN: Record<string, string> = { headers: 'headers missing or malformed', store: 'unknown or not a self-defined store', signature: 'the signature does not match', timestamp: 'the timestamp is too old' };

export function registerIngestMessages(): void {
  registerServerMessages({
    zh: {
      [OrderErrors.BAD_SIGNATURE]: (p) => `签名校验失败：${REASON_ZH[String(p.reason)] ?? p.reason}`,
      [OrderErrors.REPLAYED]: '该请求已处理过（随机数重复）',
    },
    en: {
      [OrderErrors.BAD_SIGNATURE]: (p) => `Signature check failed: ${REASON_EN[String(p.reason)] ?? p.reason}`,
      [OrderErrors.REPLAYED]: 'This request was already received (nonce used before)',
    },
  });
}
