import type { FormInstance } from 'antd';
import { ApiError, errorMessage } from '../../../app/request';

/**
 * Puts a server refusal next to the field it names (params.field, or the zod fields list).
 * Answers false when no field of the form is named, so the caller shows a toast instead.
 */
export function applyServerFieldErrors(form: FormInstance, error: ApiError, fieldMap: Record<string, string> = {}): boolean {
  const known = new Set(Object.keys(form.getFieldsValue(true) as Record<string, unknown>));
  const entries: { name: string; errors: string[] }[] = [];
  const field = typeof error.params.field === 'string' ? error.params.field : undefined;
  if (field) {
    const name = fieldMap[field] ?? field;
    if (known.has(name)) entries.push({ name, errors: [errorMessage(error)] });
  }
  for (const problem of error.fields) {
    const name = fieldMap[problem.field] ?? problem.field;
    if (known.has(name) && !entries.some((e) => e.name === name)) entries.push({ name, errors: [problem.message] });
  }
  if (!entries.length) return false;
  form.setFields(entries.map((e) => ({ name: e.name, errors: e.errors })));
  return true;
}
