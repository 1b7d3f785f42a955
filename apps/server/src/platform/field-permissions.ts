// Field permissions (spec 01 §6): a sensitive field the account may not see is not sent at all.
// Area serializers name which properties carry which user field; this removes the ones the
// session lacks before the row leaves the server.
import { canSeeField, maskPhone, maskText, RECEIVER_REVEAL_FIELD } from '@openseller/core';
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

/** Which properties of a row carry a person's details: texts (names, addresses) and phones. */
export interface PersonProperties<T> {
  texts: readonly (keyof T)[];
  phones: readonly (keyof T)[];
}

/** The row's person details masked (texts by maskText, phones by maskPhone); nulls stay null. */
export function maskedPerson<T extends object>(row: T, properties: PersonProperties<T>): Partial<T> {
  const masked: Partial<T> = {};
  const apply = (keys: readonly (keyof T)[], mask: (value: string) => string) => {
    for (const key of keys) {
      const value = row[key];
      if (typeof value === 'string' && value) masked[key] = mask(value) as T[keyof T];
    }
  };
  apply(properties.texts, maskText);
  apply(properties.phones, maskPhone);
  return masked;
}

/**
 * A row as the account may see it: the person's details in full only with the receiver
 * permission (RECEIVER_DECRYPT), masked otherwise — in lists, details and exports alike.
 */
export function presentPerson<T extends object>(session: Session, row: T, properties: PersonProperties<T>): T {
  return canRevealReceivers(session) ? row : { ...row, ...maskedPerson(row, properties) };
}
