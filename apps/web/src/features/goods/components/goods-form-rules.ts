// Form rules and server-refusal placement for the goods forms (spec 01 §5: weight 3 decimals,
// price 4 decimals; code inputs strip whitespace).
import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { decimalPlaces, isDecimalText, isValidPrice, isValidWeight } from '@openseller/core';
import { i18next } from '../../../app/i18n';
import { ApiError, errorMessage } from '../../../app/request';

const empty = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

export const priceRule = (): Rule => ({
  validator: (_r, value: string | undefined) => (empty(value) || isValidPrice(String(value).trim()) ? Promise.resolve() : Promise.reject(new Error(i18next.t('goods:validation.price')))),
});

export const weightRule = (): Rule => ({
  validator: (_r, value: string | undefined) => (empty(value) || isValidWeight(String(value).trim()) ? Promise.resolve() : Promise.reject(new Error(i18next.t('goods:validation.weight')))),
});

export const sizeRule = (): Rule => ({
  validator: (_r, value: string | undefined) => {
    if (empty(value)) return Promise.resolve();
    const text = String(value).trim();
    return isDecimalText(text) && !text.startsWith('-') && decimalPlaces(text) <= 2 ? Promise.resolve() : Promise.reject(new Error(i18next.t('goods:validation.size')));
  },
});

export const codeRules = (): Rule[] => [
  { required: true, message: i18next.t('goods:validation.codeRequired') },
  { max: 64 },
  { pattern: /^[^,;，；]*$/, message: i18next.t('goods:validation.codeChars') },
];

/** Code inputs strip every whitespace character. */
export const stripSpaces = (e: { target: { value: string } }) => e.target.value.replace(/\s+/g, '');

/** A text for a decimal field: empty becomes null. */
export const decimalOrNull = (v: string | number | null | undefined) => (empty(v) ? null : String(v).trim());

/**
 * Puts a server refusal next to the field it names, also inside lists ('skus.1.code' is the code
 * of the second SKU row). Answers false when no field of the form is named.
 */
export function applyGoodsFieldErrors(form: FormInstance, error: ApiError): boolean {
  const known = new Set(Object.keys(form.getFieldsValue(true) as Record<string, unknown>));
  const problems = new Map<string, string>();
  if (typeof error.params.field === 'string') problems.set(error.params.field, errorMessage(error));
  for (const p of error.fields) if (!problems.has(p.field)) problems.set(p.field, p.message);
  const entries = [...problems]
    .map(([field, message]) => ({ name: field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)), errors: [message] }))
    .filter((e) => known.has(String(e.name[0])));
  if (!entries.length) return false;
  form.setFields(entries);
  form.scrollToField(entries[0]!.name);
  return true;
}
