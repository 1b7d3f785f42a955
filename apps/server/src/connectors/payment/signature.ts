// Notification signatures: HMAC-SHA256 over the fields sorted by name as k=v joined by &, without
// sign and sign_type and without empty values (the way Alipay and WeChat Pay sign their fields).
import { createHmac, timingSafeEqual } from 'node:crypto';

export function signingText(fields: Record<string, string | undefined>): string {
  return Object.keys(fields)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && fields[k] !== undefined && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
}

export function signFields(fields: Record<string, string | undefined>, key: string): string {
  return createHmac('sha256', key).update(signingText(fields), 'utf8').digest('hex');
}

export function verifyFields(fields: Record<string, string | undefined>, sign: string, key: string): boolean {
  const expected = Buffer.from(signFields(fields, key), 'hex');
  const given = Buffer.from(sign, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
