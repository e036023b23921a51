import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@campus/contract';
import { badRequest } from './app-error.js';

// OWASP ASVS 5 §6.2 and one of OWASP's equivalent argon2id settings: 7 MiB, 5 passes, 1 lane (as strong
// as 19 MiB × 2 by OWASP's table, the same CPU, less memory held per sign-in: issue 9's RSS budget).
// Hashes made with other parameters carry them and still verify.
const ARGON2 = { memoryCost: 7_168, timeCost: 5, parallelism: 1 } as const;

/** Runs at most `max` of the calls at once; the rest wait their turn in order. */
export function limitParallel(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (running < max) running++;
    // A finishing call hands its slot over to the next in line.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

// Each argon2 run holds 7 MiB; more runs than cores finish no sooner and only
// swell memory (a burst of sign-ins took the server past its RSS budget).
const argon2Slot = limitParallel(Math.max(1, Math.min(4, availableParallelism())));

export function hashPassword(plain: string): Promise<string> {
  return argon2Slot(() => hash(plain, ARGON2));
}

export async function verifyPassword(hashed: string, plain: string): Promise<boolean> {
  try {
    return await argon2Slot(() => verify(hashed, plain));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** A hash to verify against when the account does not exist, so both cases take the same time. */
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-0f3c');
  return dummyHash;
}

let common: Promise<Set<string>> | undefined;
/**
 * The 10 000 most common passwords, from the zxcvbn-ts frequency list (an npm
 * dependency). Loaded when a password is first set: the module's dictionaries
 * held ~10 MiB of every server's memory (issue 22, decision 024).
 */
function loadCommonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].slice(0, 10_000).map((p) => p.toLowerCase())),
  );
  return common;
}

/**
 * Checks a new password exactly as typed: no trimming, no composition rules,
 * only length and the common-password list.
 */
export async function assertPasswordPolicy(plain: string, field: string): Promise<void> {
  const length = [...plain].length;
  if (length < PASSWORD_MIN_LENGTH) throw badRequest('password.tooShort', { field, min: PASSWORD_MIN_LENGTH });
  if (length > PASSWORD_MAX_LENGTH) throw badRequest('password.tooLong', { field, max: PASSWORD_MAX_LENGTH });
  if ((await loadCommonPasswords()).has(plain.toLowerCase())) throw badRequest('password.common', { field });
}
