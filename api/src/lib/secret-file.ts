import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, statSync } from 'node:fs';
import { link, mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A secret the portal generates once and keeps in its data folder (database passwords, the audit key): readable by the
 * portal's own user only (mode 0600). Undefined when the file does not exist.
 */
export function readSecretFile(file: string): string | undefined {
  if (!existsSync(file)) return undefined;
  // A copy restored without its mode (a backup tool, a `cp` by an operator) is closed again before it is read.
  if (statSync(file).mode & 0o077) chmodSync(file, 0o600);
  return readFileSync(file, 'utf8');
}

/**
 * The secret in `file`, created from `make()` when there is none. Written under a temporary name and linked into place,
 * which fails when the file exists: processes starting together (replicas on one data folder, the portal and a `pnpm
 * users` command) all end up reading the one that won, never half a file.
 */
export async function secretFile(file: string, make: () => string): Promise<string> {
  const existing = readSecretFile(file);
  if (existing !== undefined) return existing;
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomUUID()}.tmp`;
  await writeFile(temporary, make(), { mode: 0o600, flag: 'wx' });
  try {
    await link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(temporary);
  }
  return readSecretFile(file)!;
}
