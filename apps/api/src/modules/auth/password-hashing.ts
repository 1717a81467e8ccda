import argon2 from 'argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): strong and about 20 ms here.
const options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, options);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a random password, verified when the e-mail is unknown so that an unknown account
 * takes as long as a wrong password (no account enumeration by timing).
 */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= argon2.hash(`decoy-${Math.random()}`, options);
  return decoy;
}
