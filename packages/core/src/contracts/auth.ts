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

// ---- one-time codes, support access, account centre (spec 01 §7, 02 §7.1; issue #21 must-have 7) ----

/** The suffix the displayed name of a customer-service sign-in carries (spec 01 §6), also in the operation log. */
export const CS_LOGIN_SUFFIX = '(客服)';

/** A one-time sign-in code (createLoginCode) or a chat token: 43 url-safe characters. */
export const OneTimeCode = z.string().trim().min(16).max(128);

/** login/byCode and security/login/byCode: the code createLoginCode answered. */
export const LoginByCodeInput = z.object({ code: OneTimeCode });
export type LoginByCodeInput = z.infer<typeof LoginByCodeInput>;

/** createLoginCode: a single-use code that signs the same account in elsewhere (the embedded app). */
export const LoginCodeCreated = z.object({ code: z.string(), expiresAt: z.string(), expiresIn: z.number().int() });
export type LoginCodeCreated = z.infer<typeof LoginCodeCreated>;

/** The characters of a customer-service authorisation code: no 0/O, 1/I/L, so it can be read out. */
export const SUPPORT_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const SUPPORT_CODE_LENGTH = 8;
export const SupportCode = z
  .string()
  .transform((s) => s.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().length(SUPPORT_CODE_LENGTH, 'The authorisation code has 8 characters').regex(/^[A-Z0-9]+$/, 'The authorisation code has letters and digits only'));

/** makeAuthCode4Cs: how long the code (and a support sign-in made with it) stays valid, and a note. */
export const MakeAuthCodeInput = z.object({
  validHours: z.number().int().min(1).max(72).optional().default(24),
  note: z.string().trim().max(100).optional(),
});
export type MakeAuthCodeInput = z.infer<typeof MakeAuthCodeInput>;

export const AuthCodeCreated = z.object({ id: z.number().int(), code: z.string(), domainCode: z.string(), expiresAt: z.string() });
export type AuthCodeCreated = z.infer<typeof AuthCodeCreated>;

export const AUTH_CODE_STATES = ['ACTIVE', 'IN_USE', 'EXPIRED', 'REVOKED'] as const;
export const AuthCodeRow = z.object({
  id: z.number().int(),
  codeTail: z.string(),
  note: z.string().nullable(),
  csName: z.string().nullable(),
  state: z.enum(AUTH_CODE_STATES),
  createdAt: z.string(),
  expiresAt: z.string(),
  usedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type AuthCodeRow = z.infer<typeof AuthCodeRow>;

/** login/byCodeAndCs: support signs in to a seller's domain with its number and an authorisation code. */
export const LoginByCodeAndCsInput = z.object({
  domainCode: z.string().trim().regex(/^\d{1,12}$/, 'The domain number has digits only'),
  code: SupportCode,
  /** The support person's name, kept with the code's use. */
  csName: z.string().trim().min(1).max(32),
});
export type LoginByCodeAndCsInput = z.infer<typeof LoginByCodeAndCsInput>;

/** checkEnv: what the sign-in form needs to know before it submits. */
export const CheckEnvInput = z.object({ username: z.string().trim().max(64).optional(), loginEnv: LoginEnv.optional() });
export type CheckEnvInput = z.infer<typeof CheckEnvInput>;
export const CheckEnvResult = z.object({ loginEnv: LoginEnv, needCaptcha: z.boolean(), locked: z.boolean() });
export type CheckEnvResult = z.infer<typeof CheckEnvResult>;

/** verifyPass: whether a new password meets the policy (the server's judgement of the same rules as the form). */
export const VerifyPassInput = z.object({ username: Username, password: EncryptedPassword });
export type VerifyPassInput = z.infer<typeof VerifyPassInput>;
export const VerifyPassResult = z.object({ valid: z.boolean(), rule: z.string().nullable() });

/** user/checkPassword: the current account's password, checked before a sensitive change. */
export const CheckPasswordInput = z.object({ password: EncryptedPassword });
export type CheckPasswordInput = z.infer<typeof CheckPasswordInput>;

/** Phone change: the current phone's code, then the new phone's code with the proof of the first step. */
export const CurrUserCheckCodeInput = z.object({ validateCode: SmsCode });
export const PhoneChangeProof = z.object({ changeToken: z.string(), expiresIn: z.number().int() });
export const NewPhoneSendInput = z.object({ mobile: Mobile });
export const ChangeAdminPhoneInput = z.object({ mobile: Mobile, validateCode: SmsCode, changeToken: z.string().trim().min(16).max(128) });
export type ChangeAdminPhoneInput = z.infer<typeof ChangeAdminPhoneInput>;

/** getUserInfo4UserCenterById: the account centre's view of an account (the phone masked). */
export const UserCenterInput = z.object({ id: z.number().int().positive().optional() });
export const UserCenterInfo = z.object({
  userId: z.number().int(),
  loginName: z.string(),
  userName: z.string(),
  accountType: z.string(),
  phoneMasked: z.string().nullable(),
  hasPhone: z.boolean(),
  email: z.string().nullable(),
  contactAddress: z.string().nullable(),
  domainCode: z.string().nullable(),
  domainName: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  passwordChangedAt: z.string().nullable(),
  csLogin: z.boolean(),
});
export type UserCenterInfo = z.infer<typeof UserCenterInfo>;

/** getCSToken: a short-lived token the chat window presents; the chat side checks it with verifyCSToken. */
export const CS_CHAT_USER_PREFIX = '10000';
export const ChatTokenCheckInput = z.object({ token: OneTimeCode });
export const ChatTokenOwner = z.object({ chatUserId: z.string(), userName: z.string(), domainCode: z.string().nullable() });

/** login/byPlatformToken: the token a store's platform hands over when a seller opens the app from it. */
export const PlatformTokenLoginInput = z.object({
  platformToken: z.string().trim().min(8).max(512),
  platformType: z.string().trim().min(1).max(40),
});
export type PlatformTokenLoginInput = z.infer<typeof PlatformTokenLoginInput>;
