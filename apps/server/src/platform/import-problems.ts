// How an import words the problems of a row for the person who loads the file: the contracts'
// messages in the reader's language (Chinese or English).
import type { Language } from '@openseller/core';

export const say = (language: Language, zh: string, en: string) => (language === 'zh' || language === 'zh_TW' ? zh : en);

// Chinese wording of the contracts' own messages, for import problems read by a Chinese user.
const ZH_MESSAGES: Record<string, string> = {
  'Letters, digits and ASCII symbols only': '只能包含字母、数字和英文符号',
  'Enter a mobile number or a landline such as 0571-12345678': '请输入手机号或固话，如 0571-12345678',
  'Enter a price that is not negative': '请输入不小于 0 的价格',
  'A price has at most 4 decimals': '价格最多 4 位小数',
  'The price is too large': '价格过大',
};

/** Zod problems of one row, named by column, in the importer's language. */
export function rowProblems(error: { issues: { path: PropertyKey[]; message: string; code?: string; minimum?: unknown; maximum?: unknown }[] }, language: Language) {
  return error.issues.map((i) => {
    let message = i.message;
    if (i.code === 'too_small' && Number(i.minimum) === 1) message = say(language, '该字段不能为空', 'This field cannot be empty');
    else if (i.code === 'too_big') message = say(language, `最多 ${String(i.maximum)} 个字符`, `At most ${String(i.maximum)} characters`);
    else if (i.code === 'invalid_type') message = say(language, '该字段不能为空', 'This field cannot be empty');
    else if (language === 'zh' || language === 'zh_TW') message = ZH_MESSAGES[message] ?? message;
    return { field: String(i.path[0] ?? '(row)'), message };
  });
}

