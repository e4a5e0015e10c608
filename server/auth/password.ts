// Passwords: argon2id only, with explicit parameters (ASVS: t=2, m=19 MiB, p=1 at least).
import { hash, verify } from '@node-rs/argon2';

const params = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  timeCost: 2,
  memoryCost: 19456,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, params);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

// Verified against when the mail is unknown, so both failures take about the same time.
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword('dummy-password-for-timing');
  return dummy;
}
