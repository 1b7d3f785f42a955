import type { FormInstance } from 'antd';
import { ApiError } from '../../../app/request';

/**
 * Puts a server refusal next to the field it names (params.field, or the zod fields list);
 * answers false when it names no field of the form, so the caller shows it another way.
 * `fieldMap` renames server fields (items.0.skuId) to form fields.
 */
export function showFieldErrors(form: FormInstance, error: unknown, fieldNames: readonly string[], message: (error: unknown) => string, fieldMap: Record<string, string> = {}): boolean {
  if (!(error instanceof ApiError)) return false;
  const entries = new Map<string, string>();
  const field = typeof error.params.field === 'string' ? (fieldMap[error.params.field] ?? error.params.field) : undefined;
  if (field && fieldNames.includes(field)) entries.set(field, message(error));
  for (const problem of error.fields) {
    const name = fieldMap[problem.field] ?? problem.field;
    if (fieldNames.includes(name) && !entries.has(name)) entries.set(name, problem.message);
  }
  if (!entries.size) return false;
  form.setFields([...entries].map(([name, errors]) => ({ name, errors: [errors] })));
  return true;
}
