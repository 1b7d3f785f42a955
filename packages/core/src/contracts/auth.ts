import { z } from 'zod';
import { isMobile } from '../rules/masks.js';
import { DateTimeText, PageQuery, Text } from './common.js';

/** A password sent RSA-OAEP-SHA256 encrypted and base64-encoded. */
export const EncryptedPassword = z.string().min(1).max(2048);

export const Username = z.string().trim().min(1).max(64);

export const Mobile = z.string().trim().refine(isMobile, { message: 'Invalid mobile number' });

export const LoginEnv = z.enum(['WC', 'YWJ']);

export const PublicKeyResult = z.object({ keyId: z.string(), publicKey: z.string() });
export type PublicKeyResult = z.infer<typeof PublicKeyResult>;

export const LoginInput = z.object({
  username: Username,
  password: EncryptedPassword,
  keyId: z.string().max(64).optional(),
  rememberMe: z.boolean().optional().default(false),
  loginEnv: LoginEnv.optional(),
  /** The client's captcha key: the image POST /cloud/domain/login/validate {uniqueCode} answered. */
  uniqueCode: z.string().trim().max(64).optional(),
  /** The text of the image captcha, when one is required. */
  validateCode: z.string().trim().max(16).optional(),
  mobile: z.string().trim().max(20).optional(),
  platformLogin: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof LoginInput>;

export const OAuthToken = z.object({
  token_type: z.literal('bearer'),
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int(),
});
export type OAuthToken = z.infer<typeof OAuthToken>;

/** The answer of every sign-in (login, byValidateCode, registerUser). */
export const LoginResult = z.object({
  oauthToken: OAuthToken,
  domainCode: z.string().nullable(),
  roles: z.array(z.string()),
  userId: z.number().int(),
  loginName: z.string(),
  needBindingPhone: z.boolean(),
});
export type LoginResult = z.infer<typeof LoginResult>;

/** tokenRefresh answers data.oauthToken (spec 01 §7). */
export const TokenRefreshResult = z.object({ oauthToken: OAuthToken });

/** An SMS code was sent: how many seconds until another may be asked for. */
export const SmsSent = z.object({ resendAfter: z.number().int() });

export const TokenRefreshInput = z.object({ refreshToken: z.string().min(1).max(256) });
export type TokenRefreshInput = z.infer<typeof TokenRefreshInput>;

export const SMS_PURPOSES = ['REGISTER', 'RESET_PASSWORD', 'BIND_PHONE', 'LOGIN'] as const;
export const SmsPurpose = z.enum(SMS_PURPOSES);
export type SmsPurpose = z.infer<typeof SmsPurpose>;

export const SendValidateCodeInput = z.object({
  mobile: Mobile,
  purpose: SmsPurpose,
});
export type SendValidateCodeInput = z.infer<typeof SendValidateCodeInput>;

export const SmsCode = z.string().trim().regex(/^\d{6}$/, 'The code has 6 digits');

export const RegisterInput = z.object({
  username: Username,
  password: EncryptedPassword,
  mobile: Mobile,
  smsCode: SmsCode,
  companyName: Text(100),
  contactName: z.string().trim().max(50).optional(),
  contactEmail: z.union([z.email().max(100), z.literal('')]).optional(),
  source: z.string().trim().max(50).optional(),
  loginEnv: LoginEnv.optional(),
});
export type RegisterInput = z.infer<typeof RegisterInput>;

/**
 * Sign-in with a mobile number and an SMS code (security/login/byValidateCode, spec 01 §7): the
 * payload has the login's shape (username, uniqueCode, mobile, password, rememberMe, loginEnv,
 * platformLogin); mobile and validateCode (the SMS code) are what it checks, the other fields are
 * accepted and not needed.
 */
export const LoginByValidateCodeInput = z.object({
  mobile: Mobile,
  validateCode: SmsCode,
  username: z.string().trim().max(64).optional(),
  password: z.string().max(2048).optional(),
  keyId: z.string().max(64).optional(),
  uniqueCode: z.string().trim().max(64).optional(),
  rememberMe: z.boolean().optional().default(false),
  loginEnv: LoginEnv.optional(),
  platformLogin: z.boolean().optional(),
});
export type LoginByValidateCodeInput = z.infer<typeof LoginByValidateCodeInput>;

export const ForgetPasswordCheckInput = z.object({ username: Username, mobile: Mobile });
export type ForgetPasswordCheckInput = z.infer<typeof ForgetPasswordCheckInput>;

export const ChangePasswordByAuthCodeInput = z.object({
  username: Username,
  mobile: Mobile,
  password: EncryptedPassword,
  authCode: SmsCode,
  loginEnv: LoginEnv.optional(),
});
export type ChangePasswordByAuthCodeInput = z.infer<typeof ChangePasswordByAuthCodeInput>;

export const ChangePasswordInput = z.object({
  fromPassWord: EncryptedPassword,
  toPassWord: EncryptedPassword,
  validateCode: z.string().trim().max(16).optional(),
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;

export const BindPhoneInput = z.object({ mobile: Mobile, smsCode: SmsCode });
export type BindPhoneInput = z.infer<typeof BindPhoneInput>;

export const LOGIN_RESULTS = [
  'SUCCESS',
  'BAD_CREDENTIALS',
  'CAPTCHA_REQUIRED',
  'CAPTCHA_WRONG',
  'LOCKED',
  'STOPPED',
  'RATE_LIMITED',
] as const;
export type LoginResultCode = (typeof LOGIN_RESULTS)[number];

export const LoginLogSearchInput = PageQuery.extend({
  loginName: z.string().trim().max(64).optional(),
  result: z.enum(LOGIN_RESULTS).optional(),
  timeFrom: DateTimeText.optional(),
  timeTo: DateTimeText.optional(),
});
export type LoginLogSearchInput = z.infer<typeof LoginLogSearchInput>;

export const LoginLogRow = z.object({
  id: z.number().int(),
  loginName: z.string(),
  userId: z.number().int().nullable(),
  ip: z.string(),
  userAgent: z.string(),
  result: z.enum(LOGIN_RESULTS),
  createdAt: z.string(),
});
export type LoginLogRow = z.infer<typeof LoginLogRow>;
