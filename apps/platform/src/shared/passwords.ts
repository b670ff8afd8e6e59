import { hash, verify } from '@node-rs/argon2';
import { invalidRequest } from './errors.ts';

/** OWASP's argon2id baseline (19 MiB, 2 passes): ~20 ms per hash on this machine kind. */
// The library's default algorithm is argon2id.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const MIN_PASSWORD_LENGTH = 8;

export function assertPasswordAcceptable(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw invalidRequest(`Password must be at least ${MIN_PASSWORD_LENGTH} characters.`, {
      Field: 'Password',
    });
  }
}

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  // Without a hash still spend the time of a check, so response times do not reveal which users exist.
  if (!passwordHash) {
    await hash(password, OPTIONS);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
