// Reading bill files: a zip's entries inflated natively give the same text as JSZip's own inflate.
import iconv from 'iconv-lite';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { billTexts, parseBillTexts } from './bill-formats.js';

const HEADER =
  '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注';
const text = ['#支付宝业务明细查询', HEADER, ...Array.from({ length: 500 }, (_, i) => `T${i}\t,P${i}\t,交易,商品,2026-10-15 10:00:05,2026-10-15 10:00:05,,,,,b,1.00,1.00,0.00,0.00,0.00,0.00,0.00,,0.00,0.00,,-0.01,0.00,`)].join('\r\n');

async function zipOf(compression: 'STORE' | 'DEFLATE'): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('b_业务明细.csv', iconv.encode(text, 'gbk'));
  zip.file('a_业务明细.csv', iconv.encode(text.replaceAll('T', 'U'), 'gbk'));
  return zip.generateAsync({ type: 'nodebuffer', compression });
}

describe('bill files', () => {
  it('reads the CSVs of a deflated and of a stored zip alike, in name order', async () => {
    for (const compression of ['STORE', 'DEFLATE'] as const) {
      const texts = await billTexts(await zipOf(compression));
      expect(texts.map((t) => t.name)).toEqual(['a_业务明细.csv', 'b_业务明细.csv']);
      expect(texts[1]!.text).toBe(text);
      const bill = await parseBillTexts(texts);
      expect(bill).toMatchObject({ source: 'ALIPAY_TRADE', lineCount: 1000, problems: [] });
      expect(bill.drafts).toHaveLength(2000);
    }
  });

  it('fails on a deflated entry whose data is damaged, as JSZip does', async () => {
    const zip = await zipOf('DEFLATE');
    // Damage the first entry's deflate stream (it starts after the 30-byte local header and the name).
    const nameLength = zip.readUInt16LE(26);
    for (let i = 30 + nameLength + zip.readUInt16LE(28) + 2; i < 30 + nameLength + 60; i++) zip[i] = 0xff;
    await expect(billTexts(zip)).rejects.toThrow();
  });
});
