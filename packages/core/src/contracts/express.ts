import { z } from 'zod';
import { isExpressCompanyCode } from '../catalogues/express.js';
import { Id, OptionalText, Version } from './common.js';

export const ExpressErrors = {
  /** A carrier the domain has already chosen. */
  ALREADY_CHOSEN: 'ERR_EXPRESS_ALREADY_CHOSEN',
  /** A chosen carrier still used by rules, waybill accounts or orders. */
  IN_USE: 'ERR_EXPRESS_IN_USE',
} as const;

export const ExpressCompanyCode = z.string().trim().refine(isExpressCompanyCode, { message: 'Unknown express company' });

/** The express company option of spec 02 §3.6: id, code, name, udf4. */
export const ExpressCompanyOption = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  /** A note the seller keeps on the carrier (branch, account remark). */
  udf4: z.string().nullable(),
});
export type ExpressCompanyOption = z.infer<typeof ExpressCompanyOption>;

/** A carrier the domain has chosen, with what the settings page shows. */
export const UserExpressCompanyRow = ExpressCompanyOption.extend({
  nameZh: z.string(),
  nameEn: z.string(),
  multiPackage: z.boolean(),
  freight: z.boolean(),
  sortIndex: z.number(),
  version: z.number(),
  createdAt: z.string(),
});
export type UserExpressCompanyRow = z.infer<typeof UserExpressCompanyRow>;

/**
 * A catalogue entry, and whether (and as which row) the domain has chosen it. Like every express
 * company answer it carries id and udf4 (spec 02 §3.6): the domain's row and note, null while the
 * carrier is not chosen.
 */
export const SystemExpressCompany = z.object({
  id: z.number().nullable(),
  code: z.string(),
  name: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  multiPackage: z.boolean(),
  freight: z.boolean(),
  chosen: z.boolean(),
  userExpressCompanyId: z.number().nullable(),
  udf4: z.string().nullable(),
});
export type SystemExpressCompany = z.infer<typeof SystemExpressCompany>;

export const AddUserExpressCompanyInput = z.object({ codes: z.array(ExpressCompanyCode).min(1).max(100) });
export type AddUserExpressCompanyInput = z.infer<typeof AddUserExpressCompanyInput>;

export const RemoveUserExpressCompanyInput = z.object({ idList: z.array(Id).min(1).max(100) });
export type RemoveUserExpressCompanyInput = z.infer<typeof RemoveUserExpressCompanyInput>;

export const UpdateUserExpressCompanyInput = z.object({
  id: Id,
  version: Version,
  udf4: OptionalText(50),
  sortIndex: z.number().int().min(0).max(9999).default(0),
});
export type UpdateUserExpressCompanyInput = z.infer<typeof UpdateUserExpressCompanyInput>;
