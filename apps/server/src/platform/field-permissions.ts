// Field permissions (spec 01 §6): a sensitive field the account may not see is not sent at all.
// Area serializers name which properties carry which user field; this removes the ones the
// session lacks before the row leaves the server.
import { canSeeField, RECEIVER_REVEAL_FIELD } from '@openseller/core';
import type { Session } from './sessions.js';

/** Property name → user field key, e.g. { costPrice: 'COST_PRICE', purchasePrice: 'PURCHASE_PRICE' }. */
export type FieldMap = Record<string, string>;

export function fieldVisibility(session: Session, now: Date = new Date()): (field: string) => boolean {
  const domain = session.domain;
  if (!domain) return () => false;
  const cache = new Map<string, boolean>();
  return (field) => {
    let visible = cache.get(field);
    if (visible === undefined) {
      visible = canSeeField(field, session.fields, domain, now);
      cache.set(field, visible);
    }
    return visible;
  };
}

/** Copies of the rows without the properties whose field the session may not see. */
export function redactFields<T extends object>(rows: T[], map: FieldMap, session: Session, now?: Date): T[] {
  const visible = fieldVisibility(session, now);
  const hidden = Object.entries(map)
    .filter(([, field]) => !visible(field))
    .map(([property]) => property);
  if (!hidden.length) return rows;
  return rows.map((row) => {
    const copy = { ...row } as Record<string, unknown>;
    for (const property of hidden) delete copy[property];
    return copy as T;
  });
}

/**
 * Whether the session sees receivers — buyers' names, phones and addresses — in full
 * (RECEIVER_DECRYPT; main accounts hold every field). Every area showing a receiver asks this.
 */
export function canRevealReceivers(session: Session): boolean {
  return fieldVisibility(session)(RECEIVER_REVEAL_FIELD);
}

/**
 * What a form sent for a receiver field: a masked value that is the stored value's mask (the form
 * showed it masked and sent it back) means the stored value; anything else is what was typed.
 */
export function unmaskedEcho(typed: string | null | undefined, stored: string | null | undefined, mask: (value: string) => string): string | null {
  if (typed == null) return stored ?? null;
  return stored && typed === mask(stored) ? stored : typed;
}
