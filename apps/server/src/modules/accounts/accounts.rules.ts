// Sign-in protection (spec 01 §4.1 and the foundation issue): per username, an image captcha
// from the 4th failure within 15 minutes and a 15-minute lock at the 10th; per IP, a cap on
// failures so one address cannot try many usernames.

export const LOGIN_WINDOW_MINUTES = 15;
export const CAPTCHA_FROM_ATTEMPT = 4;
export const LOCK_AT_FAILURE = 10;
export const LOCK_MINUTES = 15;
export const IP_FAILURE_LIMIT = 30;
export const IP_ATTEMPT_LIMIT = 120;

/** Whether the next attempt needs a captcha, given the failures counted so far. */
export function captchaRequired(failuresSoFar: number): boolean {
  return failuresSoFar + 1 >= CAPTCHA_FROM_ATTEMPT;
}

/** Whether this failure (counted in `failuresIncludingThis`) locks the account. */
export function failureLocks(failuresIncludingThis: number): boolean {
  return failuresIncludingThis >= LOCK_AT_FAILURE;
}

export function minutesUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}

// SMS codes.
export const SMS_CODE_TTL_SECONDS = 300;
export const SMS_RESEND_SECONDS = 60;
export const SMS_MAX_PER_MOBILE_PER_DAY = 10;
export const SMS_MAX_PER_IP_PER_HOUR = 20;
export const SMS_MAX_ATTEMPTS = 5;

export function smsCodeText(code: string): string {
  return `【OpenSeller】您的验证码为 ${code}，5分钟内有效，请勿泄露给他人。`;
}
