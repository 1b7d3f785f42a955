// Server wording of error codes, in Chinese and English. The web app has the codes in all 16
// languages and prefers its own wording; these messages serve other clients and logs.
import { ErrorCodes, PASSWORD_RULE_MESSAGES_EN, PASSWORD_RULE_MESSAGES_ZH, type Language, type PasswordRule } from '@openseller/core';

export type Catalogue = Record<string, string | ((p: Record<string, string | number>) => string)>;

/** The English word for a count: `${n} ${plural(n, 'line', 'lines')}`. */
export const plural = (count: string | number | undefined, one: string, other: string) => (Number(count) === 1 ? one : other);

const zh: Catalogue = {
  [ErrorCodes.SESSION_INFO_NOT_EXIST]: '登录已失效，请重新登录',
  [ErrorCodes.NO_PERMISSION]: '您没有权限进行此操作',
  [ErrorCodes.NO_VALIDATE_CODE]: '请输入图形验证码',
  [ErrorCodes.ERROR_VALIDATE_CODE]: '图形验证码错误',
  [ErrorCodes.VALIDATE_CODE_NOT_EXIST]: '图形验证码不存在，请刷新',
  [ErrorCodes.VALIDATE_CODE_EXPIRED]: '图形验证码已过期，请刷新',
  [ErrorCodes.LOCK_ACCOUNT]: (p) => `密码错误次数过多，账号已锁定，请${p.minutes}分钟后再试`,
  [ErrorCodes.BAD_CREDENTIALS]: '用户名或密码错误',
  [ErrorCodes.ACCOUNT_STOPPED]: '账号已停用，请联系主账号',
  [ErrorCodes.TOO_MANY_ATTEMPTS]: (p) => `请求过于频繁，请${p.minutes}分钟后再试`,
  [ErrorCodes.REFRESH_TOKEN_INVALID]: '登录已失效，请重新登录',
  [ErrorCodes.PASSWORD_DECRYPT]: '密码无法解密，请刷新页面后重试',
  [ErrorCodes.PASSWORD_POLICY]: (p) => PASSWORD_RULE_MESSAGES_ZH[p.rule as PasswordRule] ?? '密码不符合要求',
  [ErrorCodes.WRONG_PASSWORD]: '原密码错误',
  [ErrorCodes.SMS_CODE_INVALID]: '短信验证码错误或已过期',
  [ErrorCodes.CODE_INVALID]: '授权码错误、已过期、已使用或已撤销',
  [ErrorCodes.SMS_TOO_FREQUENT]: (p) => `发送过于频繁，请${p.seconds}秒后再试`,
  [ErrorCodes.USERNAME_TAKEN]: '该用户名已被使用',
  [ErrorCodes.PHONE_TAKEN]: '该手机号已绑定其他账号',
  [ErrorCodes.USER_PHONE_MISMATCH]: '用户名与手机号不匹配',
  [ErrorCodes.VALIDATION]: (p) => `参数错误：${p.detail}`,
  [ErrorCodes.NOT_FOUND]: (p) => `${p.what}不存在`,
  [ErrorCodes.VERSION_CONFLICT]: (p) => `${p.what}已被他人修改，请刷新后重试`,
  [ErrorCodes.PAYLOAD_TOO_LARGE]: '请求内容过大',
  [ErrorCodes.ROLE_IN_USE]: (p) => `该角色仍有${p.count}个子账号在使用，无法删除`,
  [ErrorCodes.ROLE_NAME_TAKEN]: '角色名称已存在',
  [ErrorCodes.GRANT_EXCEEDS_OWN]: '不能授予超出自己权限范围的菜单或字段',
  [ErrorCodes.ACCOUNT_EXCEEDS_OWN]: (p) => `账号${p.loginName}拥有您没有的菜单或字段权限，您不能管理它`,
  [ErrorCodes.NOT_A_SUB_ACCOUNT]: '只能操作本域的子账号',
  [ErrorCodes.CANNOT_ACT_ON_SELF]: '不能对自己的账号执行此操作',
  [ErrorCodes.FILE_EXCEL_FORMAT]: '文件格式不正确，系统仅支持.xlsx及.xls为后缀的文件导入',
  [ErrorCodes.FILE_EXCEL_SIZE]: '导入的文件大小不得超过5M',
  [ErrorCodes.FILE_EXCEL_OLD_FORMAT]: '暂不支持读取 Excel 97-2003（.xls）文件，请另存为 .xlsx 后再导入',
  [ErrorCodes.FILE_IMAGE_FORMAT]: '文件格式错误（仅支持 jpg/png/gif/jpeg/bmp/ico）',
  [ErrorCodes.FILE_IMAGE_SIZE]: '图片大小不得超过5M',
  [ErrorCodes.FILE_PICTURE_SIZE]: '图片大小不能超过1024k',
  [ErrorCodes.FILE_PDF_FORMAT]: '文件格式错误（仅支持 pdf）',
  [ErrorCodes.FILE_PDF_SIZE]: 'PDF 文件大小不得超过5M',
  [ErrorCodes.FILE_MISSING]: '请选择要上传的文件',
  [ErrorCodes.FILE_NOT_EXIST]: '文件不存在',
  [ErrorCodes.NO_DOWNLOAD_PERMISSION]: '没有下载权限，请联系主账号',
  [ErrorCodes.IMPORT_UNKNOWN_KIND]: (p) => `不支持的导入类型：${p.kind}`,
  [ErrorCodes.IMPORT_HEADERS]: (p) => `表头缺少必填列：${p.columns}，请使用下载的模板`,
  [ErrorCodes.IMPORT_TOO_MANY_ROWS]: (p) => `一次最多导入 ${p.max} 行，文件有 ${p.rows} 行`,
  [ErrorCodes.IMPORT_EMPTY]: '文件中没有数据行',
  [ErrorCodes.IMPORT_NOT_READY]: '该导入任务当前不能执行此操作',
  [ErrorCodes.IMPORT_RUNNING]: '该导入正在写入数据，不能取消，请等待完成',
  [ErrorCodes.INTERNAL]: '服务器内部错误，请稍后再试',
};

const en: Catalogue = {
  [ErrorCodes.SESSION_INFO_NOT_EXIST]: 'Your session has ended; please sign in again',
  [ErrorCodes.NO_PERMISSION]: 'You do not have permission for this action',
  [ErrorCodes.NO_VALIDATE_CODE]: 'Please enter the image verification code',
  [ErrorCodes.ERROR_VALIDATE_CODE]: 'The image verification code is wrong',
  [ErrorCodes.VALIDATE_CODE_NOT_EXIST]: 'The image verification code does not exist; please refresh it',
  [ErrorCodes.VALIDATE_CODE_EXPIRED]: 'The image verification code has expired; please refresh it',
  [ErrorCodes.LOCK_ACCOUNT]: (p) => `Too many wrong passwords: the account is locked; try again in ${p.minutes} minutes`,
  [ErrorCodes.BAD_CREDENTIALS]: 'Wrong username or password',
  [ErrorCodes.ACCOUNT_STOPPED]: 'This account has been stopped; contact the main account holder',
  [ErrorCodes.TOO_MANY_ATTEMPTS]: (p) => `Too many attempts; try again in ${p.minutes} minutes`,
  [ErrorCodes.REFRESH_TOKEN_INVALID]: 'Your session has ended; please sign in again',
  [ErrorCodes.PASSWORD_DECRYPT]: 'The password could not be decrypted; reload the page and try again',
  [ErrorCodes.PASSWORD_POLICY]: (p) => PASSWORD_RULE_MESSAGES_EN[p.rule as PasswordRule] ?? 'The password does not meet the policy',
  [ErrorCodes.WRONG_PASSWORD]: 'The current password is wrong',
  [ErrorCodes.SMS_CODE_INVALID]: 'The SMS code is wrong or has expired',
  [ErrorCodes.CODE_INVALID]: 'The code is wrong, has expired, was already used or was revoked',
  [ErrorCodes.SMS_TOO_FREQUENT]: (p) => `Codes are sent at most once a minute; try again in ${p.seconds} seconds`,
  [ErrorCodes.USERNAME_TAKEN]: 'This username is already taken',
  [ErrorCodes.PHONE_TAKEN]: 'This phone number is bound to another account',
  [ErrorCodes.USER_PHONE_MISMATCH]: 'The username and phone number do not match',
  [ErrorCodes.VALIDATION]: (p) => `Invalid request: ${p.detail}`,
  [ErrorCodes.NOT_FOUND]: (p) => `${p.what} does not exist`,
  [ErrorCodes.VERSION_CONFLICT]: (p) => `${p.what} was changed by someone else; refresh and try again`,
  [ErrorCodes.PAYLOAD_TOO_LARGE]: 'The request is too large',
  [ErrorCodes.ROLE_IN_USE]: (p) => `${p.count} ${plural(p.count, 'sub-account still uses', 'sub-accounts still use')} this role; it cannot be deleted`,
  [ErrorCodes.ROLE_NAME_TAKEN]: 'A role with this name already exists',
  [ErrorCodes.GRANT_EXCEEDS_OWN]: 'You cannot grant menus or fields you do not have yourself',
  [ErrorCodes.ACCOUNT_EXCEEDS_OWN]: (p) => `The account ${p.loginName} holds menus or fields you do not have, so you cannot manage it`,
  [ErrorCodes.NOT_A_SUB_ACCOUNT]: 'Only sub-accounts of your domain can be managed here',
  [ErrorCodes.CANNOT_ACT_ON_SELF]: 'You cannot do this to your own account',
  [ErrorCodes.FILE_EXCEL_FORMAT]: 'Wrong file format: only .xlsx and .xls files can be imported',
  [ErrorCodes.FILE_EXCEL_SIZE]: 'The imported file must not exceed 5M',
  [ErrorCodes.FILE_EXCEL_OLD_FORMAT]: 'Excel 97-2003 (.xls) files cannot be read yet; save the file as .xlsx and import it again',
  [ErrorCodes.FILE_IMAGE_FORMAT]: 'Wrong file format (only jpg/png/gif/jpeg/bmp/ico)',
  [ErrorCodes.FILE_IMAGE_SIZE]: 'The picture must not exceed 5M',
  [ErrorCodes.FILE_PICTURE_SIZE]: 'The picture cannot exceed 1024k',
  [ErrorCodes.FILE_PDF_FORMAT]: 'Wrong file format (only pdf)',
  [ErrorCodes.FILE_PDF_SIZE]: 'The PDF must not exceed 5M',
  [ErrorCodes.FILE_MISSING]: 'Choose a file to upload',
  [ErrorCodes.FILE_NOT_EXIST]: 'The file does not exist',
  [ErrorCodes.NO_DOWNLOAD_PERMISSION]: 'No download permission, please contact the main account holder',
  [ErrorCodes.IMPORT_UNKNOWN_KIND]: (p) => `Unknown import type: ${p.kind}`,
  [ErrorCodes.IMPORT_HEADERS]: (p) => `The header row lacks required columns: ${p.columns}; use the downloaded template`,
  [ErrorCodes.IMPORT_TOO_MANY_ROWS]: (p) => `At most ${p.max} rows can be imported at once; the file has ${p.rows}`,
  [ErrorCodes.IMPORT_EMPTY]: 'The file has no data rows',
  [ErrorCodes.IMPORT_NOT_READY]: 'This import cannot do that now',
  [ErrorCodes.IMPORT_RUNNING]: 'This import is writing its rows now and cannot be cancelled; wait until it finishes',
  [ErrorCodes.INTERNAL]: 'Internal server error; please try again later',
};

/** Names of things in messages ('the role', 'the sub-account'). */
const nouns: Record<string, { zh: string; en: string }> = {
  role: { zh: '角色', en: 'The role' },
  user: { zh: '账号', en: 'The account' },
  authCode: { zh: '授权码', en: 'The authorisation code' },
  domain: { zh: '域', en: 'The domain' },
  file: { zh: '文件', en: 'The file' },
  import: { zh: '导入任务', en: 'The import' },
  export: { zh: '导出任务', en: 'The export' },
};

/**
 * A business area adds the wording of its own error codes and of the things it names in
 * messages (ERR_NOT_FOUND's `what`), in Chinese and English.
 */
export function registerServerMessages(messages: { zh: Catalogue; en: Catalogue; nouns?: Record<string, { zh: string; en: string }> }): void {
  Object.assign(zh, messages.zh);
  Object.assign(en, messages.en);
  Object.assign(nouns, messages.nouns ?? {});
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe to place in HTML. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** The message of a code in the caller's language, as plain text (lists of failures, logs). */
export function serverMessage(code: string, params: Record<string, string | number>, language: Language): string {
  const chinese = language === 'zh' || language === 'zh_TW';
  const catalogue = chinese ? zh : en;
  const resolved = { ...params };
  if (typeof resolved.what === 'string' && nouns[resolved.what]) resolved.what = nouns[resolved.what]![chinese ? 'zh' : 'en'];
  const entry = catalogue[code];
  if (!entry) return code;
  return typeof entry === 'function' ? entry(resolved) : entry;
}

/**
 * The message of a refusal's envelope. Clients show it as (sanitised) HTML (spec 01 §8), so every
 * param (a class, goods or store name the user typed) is escaped: it shows as text, never markup.
 */
export function serverMessageHtml(code: string, params: Record<string, string | number>, language: Language): string {
  const escaped: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) escaped[key] = typeof value === 'string' ? escapeHtml(value) : value;
  return serverMessage(code, escaped, language);
}
