import { hash, verify } from '@node-rs/argon2';

/**
 * Password hashing with argon2id (the package's default algorithm, OWASP parameters: 19 MiB, 2 passes).
 * The PHC string carries its own salt and parameters, so stronger settings later still verify old hashes.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (unknown user) it verifies against a dummy hash
 * anyway, so that "no such user" takes as long as "wrong password" and usernames cannot be probed by timing.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash('not-a-real-password-0f3c9a');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** Minimum rules for passwords set through the command line (ASVS 2.1.1: at least 8 characters). */
export function passwordProblem(password: string): string | undefined {
  if (password.length < 8) return 'The password must have at least 8 characters.';
  if (password.length > 128) return 'The password must have at most 128 characters.';
  return undefined;
}
