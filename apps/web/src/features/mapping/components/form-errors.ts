import type { FormInstance } from 'antd';
import { ApiError } from '../../../app/request';
import { mappingErrorMessage } from '../queries';

/**
 * Puts a server refusal next to the field it names (params.field, or the zod fields list);
 * answers false when it names no field of the form, so the caller shows it another way.
 */
export function showFieldErrors(form: FormInstance, error: unknown, fieldNames: readonly string[]): boolean {
  if (!(error instanceof ApiError)) return false;
  const entries = new Map<string, string>();
  const field = typeof error.params.field === 'string' ? error.params.field : undefined;
  if (field && fieldNames.includes(field)) entries.set(field, mappingErrorMessage(error));
  for (const problem of error.fields) if (fieldNames.includes(problem.field) && !entries.has(problem.field)) entries.set(problem.field, problem.message);
  if (!entries.size) return false;
  form.setFields([...entries].map(([name, message]) => ({ name, errors: [message] })));
  return true;
}
