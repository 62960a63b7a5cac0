import { chmod, mkdtemp, readFile, rm, stat, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordsFile, startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.js';
import { prepareEmbeddedRoles } from './roles.js';

/** The embedded PostgreSQL has no password anyone could know: random ones per data folder, in a file only the portal reads. */
let dataDir: string;
let databaseDir: string;
let server: EmbeddedDatabase | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'orders-portal-passwords-'));
  await chmod(dataDir, 0o755); // PostgreSQL runs as its own user when the tests run as root
  databaseDir = path.join(dataDir, 'postgres');
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const port = () => Number(new URL(server!.url).port);

/** What the server answers to a sign-in over TCP: 'accepted', or the error's SQLSTATE. */
async function signIn(user: string, password: string): Promise<string> {
  const client = new pg.Client({ host: '127.0.0.1', port: port(), user, password, database: 'orders_portal' });
  try {
    await client.connect();
    return 'accepted';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const KNOWN = [
  ['postgres', 'postgres'],
  ['orders_owner', 'orders_owner'],
  ['orders_app', 'orders_app'],
] as const;

describe('the embedded PostgreSQL', () => {
  it('refuses the known passwords from its first start, and keeps random ones in a file readable by the portal only', async () => {
    server = await startEmbeddedPostgres({ dataDir: databaseDir });
    const { ownerUrl, appUrl } = await prepareEmbeddedRoles(server.url, server.passwords);
    for (const [user, password] of KNOWN) expect(`${user}: ${await signIn(user, password)}`).toBe(`${user}: 28P01`);

    const file = passwordsFile(databaseDir);
    expect(file).toBe(path.join(dataDir, 'postgres-passwords.json'));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(await readFile(file, 'utf8'));
    expect(stored).toEqual(server.passwords);
    const passwords = Object.values(stored) as string[];
    expect(new Set(passwords).size).toBe(3);
    for (const password of passwords) expect(password).toMatch(/^[\w-]{32}$/);
    for (const url of [server.url, ownerUrl, appUrl]) {
      const user = decodeURIComponent(new URL(url).username);
      expect(`${user}: ${await signIn(user, decodeURIComponent(new URL(url).password))}`).toBe(`${user}: accepted`);
    }
  }, 60_000);

  it('reuses the passwords of its data folder at the next start', async () => {
    const before = server!.passwords;
    await server!.stop();
    server = await startEmbeddedPostgres({ dataDir: databaseDir });
    expect(server.passwords).toEqual(before);
    expect(await signIn('postgres', before.postgres)).toBe('accepted');
  }, 60_000);

  it('rotates a data folder from before the passwords file, whose roles still have the known passwords', async () => {
    // What an earlier version left: every role with its published password, and no passwords file.
    const superuser = new pg.Client({ connectionString: server!.url });
    await superuser.connect();
    for (const [user, password] of KNOWN) await superuser.query(`ALTER ROLE ${user} PASSWORD '${password}'`);
    await superuser.end();
    await server!.stop();
    await unlink(passwordsFile(databaseDir));

    server = await startEmbeddedPostgres({ dataDir: databaseDir });
    await prepareEmbeddedRoles(server.url, server.passwords);
    for (const [user, password] of KNOWN) expect(`${user}: ${await signIn(user, password)}`).toBe(`${user}: 28P01`);
    expect(await signIn('postgres', server.passwords.postgres)).toBe('accepted');
    expect(await signIn('orders_app', server.passwords.orders_app)).toBe('accepted');
  }, 60_000);
});
