// What can be wrong with an import: a row's problem or a whole file's. The server sends the code
// and its params (and, for clients that do not translate, the message in the importer's
// language, worded from this catalogue); the web app shows the code in the reader's language
// (its Chinese and English texts are these, the other languages are its language packs
// `importproblems.json`). Placeholders are written {{name}}, as i18next reads them.

type Text = { zh: string; en: string };

export const IMPORT_PROBLEM_TEXTS = {
  // --- a value of one column -------------------------------------------------------------
  REQUIRED: { zh: '该字段不能为空', en: 'This field cannot be empty' },
  TOO_LONG: { zh: '最多 {{max}} 个字符', en: 'At most {{max}} characters' },
  NOT_A_NUMBER: { zh: '必须是数字', en: 'Must be a number' },
  WHOLE_NUMBER: { zh: '必须是整数', en: 'Must be a whole number' },
  NEGATIVE: { zh: '不能为负数', en: 'Cannot be negative' },
  TOO_LARGE: { zh: '数值过大', en: 'The value is too large' },
  DECIMALS: { zh: '最多 {{max}} 位小数', en: 'At most {{max}} decimals' },
  AT_LEAST: { zh: '不能小于 {{min}}', en: 'Cannot be less than {{min}}' },
  AT_MOST: { zh: '不能大于 {{max}}', en: 'Cannot be more than {{max}}' },
  WHOLE_NUMBER_RANGE: { zh: '必须是 {{min}} 到 {{max}} 之间的整数', en: 'Must be a whole number from {{min}} to {{max}}' },
  POSITIVE_WHOLE_NUMBER: { zh: '必须是正整数', en: 'Must be a whole number of at least 1' },
  NO_SEPARATORS: { zh: '不能包含逗号或分号', en: 'Cannot contain commas or semicolons' },
  ASCII_ONLY: { zh: '只能包含字母、数字和英文符号', en: 'Letters, digits and ASCII symbols only' },
  PHONE: { zh: '请输入手机号或固话，如 0571-12345678', en: 'Enter a mobile number or a landline such as 0571-12345678' },
  PICTURE: { zh: '图片须为上传的图片或 http(s) 地址', en: 'Must be an uploaded picture or an http(s) address' },
  DATE_TIME: { zh: '无法识别的日期时间', en: 'Not a date and time' },
  ADDRESS: { zh: '地址无法识别出省、市和详细地址', en: 'The address cannot be read into province, city and street address' },
  NOT_AN_OPTION: { zh: '{{value}} 不是可选的值', en: '{{value}} is not one of the allowed values' },
  INVALID: { zh: '格式不正确：{{detail}}', en: 'Not valid: {{detail}}' },
  FIELD_NOT_PERMITTED: { zh: '您没有该字段的权限，请清空该列', en: 'You may not see this field, so you cannot set it; leave the column empty' },
  // --- what a value refers to --------------------------------------------------------------
  WAREHOUSE_NOT_FOUND: { zh: '仓库 {{value}} 不存在', en: 'No warehouse {{value}} exists' },
  WAREHOUSE_STOPPED: { zh: '仓库 {{name}} 已停用', en: 'The warehouse {{name}} is stopped' },
  LOCATION_NOT_FOUND: { zh: '仓库 {{warehouse}} 没有库位 {{value}}', en: 'The warehouse {{warehouse}} has no location {{value}}' },
  LOCATION_ELSEWHERE: { zh: '库位 {{value}} 属于其他仓库，不属于 {{warehouse}}', en: 'The location {{value}} belongs to another warehouse, not to {{warehouse}}' },
  SKU_NOT_FOUND: { zh: '商品编码 {{value}} 不存在', en: 'No SKU has the code {{value}}' },
  SKU_IS_COMBINATION: { zh: '{{value}} 是组合商品，库存来自子商品，请使用其子商品', en: '{{value}} is a combination: its stock comes from its components; use the components instead' },
  SUPPLIER_NOT_FOUND: { zh: '供应商编码 {{value}} 不存在', en: 'No supplier has the code {{value}}' },
  SUPPLIER_DISABLED: { zh: '供应商 {{name}} 已停用', en: 'The supplier {{name}} is disabled' },
  STORE_NOT_FOUND: { zh: '店铺 {{value}} 不存在', en: 'No store is named {{value}}' },
  STORE_AMBIGUOUS: { zh: '有多个店铺名为 {{value}}', en: 'Several stores are named {{value}}' },
  STORE_DISABLED: { zh: '店铺 {{name}} 已停用', en: 'The store {{name}} is disabled' },
  STORE_NONE: { zh: '未填写店铺名称，也未选择默认店铺', en: 'No store name and no default store chosen' },
  CLASS_NOT_FOUND: { zh: '分类编码 {{value}} 不存在', en: 'No class has the code {{value}}' },
  CODE_TAKEN: { zh: '单号 {{value}} 已存在', en: 'The code {{value}} is already taken' },
  // --- rows together ---------------------------------------------------------------------------
  DUPLICATE_ROW: { zh: '与第 {{row}} 行重复', en: 'The same as row {{row}}' },
  SAME_DOCUMENT_DIFFERS: { zh: '与第 {{row}} 行属于同一单据，该列必须相同', en: 'Same document as row {{row}}: this column must match it' },
  RECEIVER_DIFFERS: { zh: '平台单号 {{value}} 的各行收货信息不一致', en: 'The rows of platform order {{value}} give different receivers' },
  TOO_MANY_LINES: { zh: '单据 {{label}} 超过 {{max}} 行', en: 'The document {{label}} has more than {{max}} lines' },
  // --- goods -------------------------------------------------------------------------------------
  SKU_CODE_NEEDED: { zh: '商品 {{value}} 有多行，每行都要填写规格编码', en: 'Goods {{value}} has several rows; each needs a SKU code' },
  SKU_CODE_USED: { zh: '规格编码 {{value}} 已被商品 {{owner}} 使用', en: 'SKU code {{value}} is already used by goods {{owner}}' },
  USE_COMBINATION_IMPORT: { zh: '{{value}} 是组合商品，请用组合商品导入', en: '{{value}} is a combination; import it with the combination import' },
  NOT_A_COMBINATION: { zh: '{{value}} 是普通商品，不是组合商品', en: '{{value}} is ordinary goods, not a combination' },
  COMBINATION_CONTAINS_ITSELF: { zh: '组合商品不能包含自身', en: 'A combination cannot contain itself' },
  COMBINATION_CYCLE: { zh: '组合商品不能包含另一个包含它的组合商品（{{value}}）', en: 'A combination cannot contain another combination that contains it ({{value}})' },
  // --- after-sales --------------------------------------------------------------------------------
  ORDER_NOT_FOUND: { zh: '订单 {{value}} 不存在', en: 'No order has the code {{value}}' },
  ORDER_HAS_NO_SKU: { zh: '订单 {{order}} 没有商品 {{value}}', en: 'The order {{order}} has no goods {{value}}' },
  GOODS_AND_QTY_NEEDED: { zh: '退货、换货和补发需填写商品编码和数量', en: 'A return, an exchange or a reissue needs the SKU code and the quantity' },
  REFUND_OR_GOODS_NEEDED: { zh: '仅退款需填写退款金额或商品', en: 'A refund needs the amount or the goods' },
  // --- stock checks ------------------------------------------------------------------------------
  SKU_ON_SEVERAL_LOCATIONS: { zh: '{{value}} 在盘点单中有多个库位，请填写库位编码', en: '{{value}} is on several locations of the check; enter the location code' },
  NO_OPEN_CHECK: { zh: '仓库 {{warehouse}} 没有盘点中的盘点单包含 {{value}}；请先创建盘点单', en: 'No stock check of {{warehouse}} that is still counting covers {{value}}; make a check first' },
  // --- the whole file or its load ------------------------------------------------------------
  FILE_COLUMNS_MISSING: { zh: '文件缺少列：{{columns}}。请使用模板的表头', en: 'The file lacks the columns: {{columns}}. Use the header row of the template' },
  FILE_EMPTY: { zh: '文件中没有数据行', en: 'The file has no data rows' },
  FILE_TOO_MANY_ROWS: { zh: '一次最多导入 {{max}} 行，文件有 {{rows}} 行', en: 'At most {{max}} rows can be imported at once; the file has {{rows}}' },
  CHECK_NOT_COUNTING: { zh: '所选盘点单不存在或已不在盘点中', en: 'The chosen stock check does not exist or is no longer counting' },
  DATA_CHANGED: { zh: '文件检查后数据已变化，请查看下列问题并重新上传', en: 'The data changed since the file was checked; see the problems below and upload the file again' },
} as const satisfies Record<string, Text>;

export type ImportProblemCode = keyof typeof IMPORT_PROBLEM_TEXTS;
export const IMPORT_PROBLEM_CODES = Object.keys(IMPORT_PROBLEM_TEXTS) as ImportProblemCode[];

/** The text of a problem in Chinese or English, its placeholders filled. */
export function importProblemText(code: ImportProblemCode, params: Record<string, string | number>, language: 'zh' | 'en'): string {
  return IMPORT_PROBLEM_TEXTS[code][language].replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
