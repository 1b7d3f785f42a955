// Receivers behind a security step (issue 21 must-have 3; spec 02 §3.5 masks, §7.10 prepareDecrypt,
// 01 §7 sensitive paths core/decrypt and erpsoh/verifySoHDividualByHand). Every list, detail and
// export answers masked receivers; the full name, phone and address reach only an account holding
// the reveal permission (the user field RECEIVER_DECRYPT), one call at a time, and every reveal —
// and every refused one — is written to the operation log (who, which orders, when, why).
import { z } from 'zod';
import { Id } from './common.js';

/** The user field that lets an account see receivers in full (main accounts hold every field). */
export const RECEIVER_REVEAL_FIELD = 'RECEIVER_DECRYPT';

/** Why a receiver is revealed: looked at on a page, or printed on a label. */
export const REVEAL_SCENES = ['VIEW', 'PRINT'] as const;
export type RevealScene = (typeof REVEAL_SCENES)[number];

/** At most this many orders per reveal: one page of the list. */
export const REVEAL_MAX_ORDERS = 100;

const idList = z
  .array(Id)
  .min(1, 'idList: at least one order')
  .max(REVEAL_MAX_ORDERS, `idList: at most ${REVEAL_MAX_ORDERS} orders at once`);

export const PrepareDecryptInput = z.object({ idList });
export type PrepareDecryptInput = z.infer<typeof PrepareDecryptInput>;

/** What a reveal of these orders would do, without revealing anything. */
export const PrepareDecryptResult = z.object({
  /** The account holds the reveal permission. */
  allowed: z.boolean(),
  /** The asked orders found in the domain. */
  idList: z.array(Id),
  /** Asked ids that are not the domain's orders. */
  missingIds: z.array(Id),
});
export type PrepareDecryptResult = z.infer<typeof PrepareDecryptResult>;

export const DecryptInput = z.object({
  idList,
  scene: z.enum(REVEAL_SCENES, { message: `scene: one of ${REVEAL_SCENES.join(', ')}` }).default('VIEW'),
});
export type DecryptInput = z.input<typeof DecryptInput>;

export const VerifyForPrintInput = z.object({ idList });
export type VerifyForPrintInput = z.infer<typeof VerifyForPrintInput>;

/** One order's receiver in full. */
export const RevealedReceiver = z.object({
  id: Id,
  code: z.string(),
  receiverName: z.string().nullable(),
  receiverPhone: z.string().nullable(),
  receiverTel: z.string().nullable(),
  receiverProvince: z.string().nullable(),
  receiverCity: z.string().nullable(),
  receiverDistrict: z.string().nullable(),
  receiverAddress: z.string().nullable(),
});
export type RevealedReceiver = z.infer<typeof RevealedReceiver>;

export const DecryptResult = z.object({ voList: z.array(RevealedReceiver) });
export type DecryptResult = z.infer<typeof DecryptResult>;

export const OrderRevealErrors = {
  /** The account does not hold RECEIVER_DECRYPT (the refusal is logged). */
  FORBIDDEN: 'ERR_ORDER_REVEAL_FORBIDDEN',
  /** verifySoHDividualByHand: only reviewed or sent orders are printed. */
  PRINT_STATUS: 'ERR_ORDER_REVEAL_PRINT_STATUS',
  /** The marketplace keeps the receiver encrypted and did not decrypt it now (token, throttling, outage). */
  PLATFORM_DECRYPT: 'ERR_ORDER_REVEAL_PLATFORM_DECRYPT',
} as const;
