import { createCipheriv, createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AppCredentialsLookup } from '../../app-credentials.js';
import { douyinPushSignature, douyinVerifier, kuaishouVerifier } from './verifiers.js';

const apps: Record<string, { appKey: string; appSecret: string }> = {
  DY: { appKey: '7000000000000000001', appSecret: 'dy-secret' },
  KSXD: { appKey: 'ks669064233797003102', appSecret: 'ks-secret' },
};
const credentials: AppCredentialsLookup = async (code) => (apps[code] ? { ...apps[code]!, gatewayUrl: null, authorizeUrl: null } : null);

describe('Douyin push verifier', () => {
  const verifier = douyinVerifier(credentials);
  const body = JSON.stringify([{ tag: '105', msg_id: '7123', data: JSON.stringify({ p_id: 4567, shop_id: 88, update_time: 1_700_000_000 }) }]);
  const headers = (sign: string, extra: Record<string, string> = {}) => ({ 'app-id': apps.DY!.appKey, 'event-sign': sign, ...extra });

  it('signs md5(app_key + body + app_secret) in lower-case hex', () => {
    const expected = createHash('md5').update(`${apps.DY!.appKey}${body}${apps.DY!.appSecret}`).digest('hex');
    expect(douyinPushSignature(apps.DY!.appKey, apps.DY!.appSecret, body, 'md5')).toBe(expected);
  });

  it('takes a correctly signed batch, naming the shop, the order and the change time', async () => {
    const sign = douyinPushSignature(apps.DY!.appKey, apps.DY!.appSecret, body, 'md5');
    expect(await verifier.verify({ headers: headers(sign), body })).toEqual({
      kind: 'messages',
      messages: [{ appKey: apps.DY!.appKey, messageId: '7123', event: '105', shopId: '88', platformNos: ['4567'], sentAt: new Date(1_700_000_000_000) }],
    });
    const hmac = douyinPushSignature(apps.DY!.appKey, apps.DY!.appSecret, body, 'hmac-sha256');
    expect((await verifier.verify({ headers: headers(hmac, { 'sign-method': 'hmac-sha256' }), body })).kind).toBe('messages');
  });

  it('refuses a body changed after signing, another app id, and a message without its time', async () => {
    const sign = douyinPushSignature(apps.DY!.appKey, apps.DY!.appSecret, body, 'md5');
    expect(await verifier.verify({ headers: headers(sign), body: body.replace('4567', '4568') })).toMatchObject({ kind: 'refused', code: 'INVALID_SIGNATURE' });
    expect(await verifier.verify({ headers: { ...headers(sign), 'app-id': '1' }, body })).toMatchObject({ kind: 'refused', code: 'INVALID_APP_KEY' });
    const untimed = JSON.stringify([{ tag: '105', msg_id: '7124', data: JSON.stringify({ p_id: 1, shop_id: 88 }) }]);
    const untimedSign = douyinPushSignature(apps.DY!.appKey, apps.DY!.appSecret, untimed, 'md5');
    expect(await verifier.verify({ headers: headers(untimedSign), body: untimed })).toMatchObject({ kind: 'refused', code: 'INVALID_BODY' });
  });

  it('answers {"code":0,"msg":"success"} when taken', () => {
    expect(JSON.parse(verifier.answer({ ok: true }).body)).toEqual({ code: 0, msg: 'success' });
  });
});

describe('Kuaishou push verifier', () => {
  const key = Buffer.alloc(16, 7).toString('base64');
  const encrypt = (text: string, withKey = key) => {
    const cipher = createCipheriv('aes-128-cbc', Buffer.from(withKey, 'base64'), Buffer.alloc(16));
    return Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]).toString('base64');
  };
  const verifier = kuaishouVerifier(credentials, () => key);
  const event = { eventId: '267_2345_147402', bizId: 201560025620985, userId: 12342323, openId: 'x', appKey: apps.KSXD!.appKey, event: 'kwaishop_order_statusChange', info: '{}', createTime: 1_591_274_070_333 };

  it('takes a body that decrypts with the message key (AES/CBC, zero IV) into a message of our app', async () => {
    expect(await verifier.verify({ headers: {}, body: encrypt(JSON.stringify(event)) })).toEqual({
      kind: 'messages',
      messages: [{ appKey: apps.KSXD!.appKey, messageId: '267_2345_147402', event: 'kwaishop_order_statusChange', shopId: '12342323', platformNos: ['201560025620985'], sentAt: new Date(1_591_274_070_333) }],
    });
  });

  it('refuses a body encrypted with another key, and a message of another app', async () => {
    const other = Buffer.alloc(16, 9).toString('base64');
    expect(await verifier.verify({ headers: {}, body: encrypt(JSON.stringify(event), other) })).toMatchObject({ kind: 'refused' });
    expect(await verifier.verify({ headers: {}, body: encrypt(JSON.stringify({ ...event, appKey: 'ks-other' })) })).toMatchObject({ kind: 'refused', code: 'INVALID_APP_KEY' });
  });

  it('answers the heartbeat {"test":true} with {"result":1} and keeps nothing', async () => {
    expect(await verifier.verify({ headers: {}, body: '{"test":true}' })).toEqual({ kind: 'probe' });
    expect(JSON.parse(verifier.answer({ ok: true }).body)).toEqual({ result: 1 });
  });
});
