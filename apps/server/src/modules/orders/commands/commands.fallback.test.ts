// A batch command (verify, cancel verify) runs set-based first; it goes order by order only when a
// business refusal escapes the set-based path, never for an unexpected error.
import { describe, expect, it, vi } from 'vitest';
import { OrderErrors } from '@openseller/core';
import { AppError } from '../../../platform/errors.js';
import { fallBackOnRefusal } from './commands.service.js';

describe('the fallback of a batch command', () => {
  it('answers with the set-based result when it succeeds, without running order by order', async () => {
    const perOrder = vi.fn(async () => 'per order');
    await expect(fallBackOnRefusal(async () => 'set based', perOrder)).resolves.toBe('set based');
    expect(perOrder).not.toHaveBeenCalled();
  });

  it('runs the batch order by order when the set-based path refuses with a business error', async () => {
    const perOrder = vi.fn(async () => 'per order');
    const refused = async (): Promise<string> => {
      throw new AppError(OrderErrors.UNMAPPED, 409, { code: 'SO1' });
    };
    await expect(fallBackOnRefusal(refused, perOrder)).resolves.toBe('per order');
    expect(perOrder).toHaveBeenCalledTimes(1);
  });

  it('rethrows an unexpected error unchanged and never retries order by order', async () => {
    const perOrder = vi.fn(async () => 'per order');
    const fault = new Error('deadlock detected');
    const failing = async (): Promise<string> => {
      throw fault;
    };
    await expect(fallBackOnRefusal(failing, perOrder)).rejects.toBe(fault);
    expect(perOrder).not.toHaveBeenCalled();
  });
});
