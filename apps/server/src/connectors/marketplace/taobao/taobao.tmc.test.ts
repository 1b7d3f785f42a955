// Reading TMC answers: long ids kept exact, numbers inside a message's content untouched, the
// seller, topic, trade number and publish time of each message; messages without an id left out.
import { describe, expect, it } from 'vitest';
import { quoteLongIntegers } from './top-client.js';
import { readTmcMessages } from './taobao.tmc.js';

describe('quoteLongIntegers', () => {
  it('turns integers of more than 15 digits into strings, outside strings only', () => {
    const text = '{"a":{"id":7300000000000000123,"n":42,"f":-1.5e3,"user_id":2200001234,"content":"{\\"tid\\":4100000000000000123,\\"x\\":\\"\\\\\\"\\"}"}}';
    const parsed = JSON.parse(quoteLongIntegers(text)) as { a: Record<string, unknown> };
    expect(parsed.a).toEqual({ id: '7300000000000000123', n: 42, f: -1500, user_id: 2200001234, content: '{"tid":4100000000000000123,"x":"\\""}' });
  });

  it('leaves an answer without long integers as it is', () => {
    const text = '{"tmc_messages_consume_response":{"request_id":"abc","messages":{"tmc_message":[]}}}';
    expect(quoteLongIntegers(text)).toBe(text);
  });
});

describe('readTmcMessages', () => {
  const now = new Date('2026-11-28T10:00:00Z');

  it('reads id, topic, seller, the trade number (exactly) and the publish time (GMT+8)', () => {
    const answer = JSON.parse(
      quoteLongIntegers(
        '{"messages":{"tmc_message":[{"id":7300000000000000123,"topic":"taobao_trade_TradeCreate","user_id":2200001234,"user_nick":"shop","pub_time":"2026-11-28 17:59:30","pub_app_key":"12497914","content":"{\\"tid\\":4100000000000000123,\\"seller_nick\\":\\"shop\\"}"}]}}',
      ),
    ) as Record<string, unknown>;
    expect(readTmcMessages(answer, 'app-1', now)).toEqual([
      {
        id: '7300000000000000123',
        message: { appKey: 'app-1', messageId: '7300000000000000123', event: 'taobao_trade_TradeCreate', shopId: '2200001234', platformNos: ['4100000000000000123'], sentAt: new Date('2026-11-28T09:59:30Z') },
      },
    ]);
  });

  it('answers nothing for an empty answer, leaves out a message without an id, names no seller or trade where the message has none, and marks a topic that is not about trades or refunds as ignored', () => {
    expect(readTmcMessages({}, 'app-1', now)).toEqual([]);
    const read = readTmcMessages({ messages: { tmc_message: [{ topic: 'taobao_trade_TradeCreate' }, { id: 5, topic: 'taobao_item_ItemAdd', content: '{"num_iid":1}' }] } }, 'app-1', now);
    expect(read).toEqual([{ id: '5', message: { appKey: 'app-1', messageId: '5', event: 'taobao_item_ItemAdd', shopId: '', platformNos: [], sentAt: now, ignoredBecause: 'not a trade or refund message' } }]);
  });
});
