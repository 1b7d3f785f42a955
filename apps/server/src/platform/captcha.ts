// Image captchas for sign-in after repeated failures. The client names each image by its own
// uniqueCode and sends that code back with the text it read.
import { eq, lt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import { ErrorCodes } from '@openseller/core';
import type { Db } from '../db/client.js';
import { captchas } from '../db/schema/index.js';
import { AppError } from './errors.js';

export const CAPTCHA_TTL_SECONDS = 300;

export interface CaptchaService {
  /** Makes (or remakes) the image for a uniqueCode; answers SVG text. */
  image(uniqueCode: string): Promise<string>;
  /** Checks and consumes a captcha; throws the spec's codes when it does not match. */
  verify(uniqueCode: string | undefined, text: string | undefined): Promise<void>;
}

export function createCaptchaService(deps: { db: Db; now?: () => Date }): CaptchaService {
  const now = deps.now ?? (() => new Date());
  return {
    async image(uniqueCode) {
      const captcha = svgCaptcha.create({ size: 4, noise: 3, ignoreChars: '0oO1iIlL', color: true, background: '#f4f6fa', width: 110, height: 40 });
      const expiresAt = new Date(now().getTime() + CAPTCHA_TTL_SECONDS * 1000);
      await deps.db
        .insert(captchas)
        .values({ uniqueCode, code: captcha.text.toLowerCase(), expiresAt })
        .onConflictDoUpdate({ target: captchas.uniqueCode, set: { code: captcha.text.toLowerCase(), expiresAt } });
      // Old captchas go when new ones are made; no job needed.
      await deps.db.delete(captchas).where(lt(captchas.expiresAt, new Date(now().getTime() - 3600_000)));
      return captcha.data;
    },
    async verify(uniqueCode, text) {
      if (!uniqueCode || !text) throw new AppError(ErrorCodes.NO_VALIDATE_CODE, 400, { needCaptcha: 1 });
      const rows = await deps.db.delete(captchas).where(eq(captchas.uniqueCode, uniqueCode)).returning();
      const row = rows[0];
      if (!row) throw new AppError(ErrorCodes.VALIDATE_CODE_NOT_EXIST, 400, { needCaptcha: 1 });
      if (row.expiresAt.getTime() < now().getTime()) throw new AppError(ErrorCodes.VALIDATE_CODE_EXPIRED, 400, { needCaptcha: 1 });
      if (row.code !== text.trim().toLowerCase()) throw new AppError(ErrorCodes.ERROR_VALIDATE_CODE, 400, { needCaptcha: 1 });
    },
  };
}
