// Passwords are stored with argon2id.
import { hash, verify, type Options } from '@node-rs/argon2';

// Algorithm.Argon2id is an ambient const enum (value 2), which isolated modules cannot read.
const ARGON2ID = 2 as NonNullable<Options['algorithm']>;
const OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;
/** Spends the time of a verification when no account matches, so timing reveals nothing. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummy ??= hashPassword('no-such-account-' + Math.random());
  await verifyPassword(await dummy, password);
  return false;
}
