// SMS goes through one interface. The default sender writes every message to the outbox table,
// which the root account reads in the admin area; a real gateway is another implementation.
import type { Tx } from '../db/client.js';
import { smsOutbox } from '../db/schema/index.js';

export interface SmsMessage {
  mobile: string;
  purpose: string;
  content: string;
}

export interface SmsSender {
  readonly name: string;
  send(tx: Tx, message: SmsMessage): Promise<void>;
}

export function createOutboxSmsSender(): SmsSender {
  return {
    name: 'outbox',
    async send(tx, message) {
      await tx.insert(smsOutbox).values({ ...message, sender: 'outbox' });
    },
  };
}
