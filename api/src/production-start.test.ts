import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.test-utils.js';
import { freePort } from './db/embedded.js';
import { DEMO_PASSWORD } from './db/seed/users.seed.js';
import { verifyPassword } from './idp/passwords.js';
import { apiProgram } from '../../tests/support/cli.test-utils.js';

/**
 * A production start (NODE_ENV=production, the default) never creates a user with a known password: no demo
 * users, and on a database without an administrator one `admin` with a random password shown once.
 */
let database: TestDatabase;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  // The audit key and head files of these starts.
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'orders-portal-production-'));
});
afterAll(async () => {
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const root = path.resolve(import.meta.dirname, '../..');

/** Starts the API's server (`apiProgram`) until it is ready (or exits); returns its output and a stop function. */
async function start(env: Record<string, string | undefined>) {
  const port = await freePort();
  const child = spawn(process.execPath, apiProgram('server'), {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: database.url,
      DATABASE_OWNER_URL: database.ownerUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(root, 'no-web-build'),
      MQTT_BROKER_PORT: '0',
      ...env,
    } as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const ready = (async () => {
    for (;;) {
      if (child.exitCode !== null) return false;
      const response = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
      if (response?.ok) return true;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const isReady = await Promise.race([ready, exited.then(() => false)]);
  return {
    ready: isReady,
    output: () => output,
    exitCode: () => exited,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

describe('a production start', () => {
  it('refuses to start without PUBLIC_URL (an http://localhost issuer with Secure cookies lets nobody sign in)', async () => {
    const server = await start({ NODE_ENV: 'production', PUBLIC_URL: undefined });
    expect(server.ready).toBe(false);
    expect(await server.exitCode()).not.toBe(0);
    expect(server.output()).toMatch(/PUBLIC_URL: required with NODE_ENV=production/);
  }, 30_000);

  it("lets the command-line tools work without PUBLIC_URL: they serve nobody", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [...apiProgram('cli/users'), 'list'], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: database.url, DATABASE_OWNER_URL: database.ownerUrl },
    });
    expect(stdout).toBeDefined();
  }, 30_000);

  it('refuses SEED_DEMO=true (demo users have a published password)', async () => {
    const server = await start({ NODE_ENV: 'production', SEED_DEMO: 'true' });
    expect(server.ready).toBe(false);
    expect(await server.exitCode()).not.toBe(0);
    expect(server.output()).toContain('SEED_DEMO');
  }, 30_000);

  it('on an empty database creates no user with a known password: one admin, its random password shown once', async () => {
    const server = await start({});
    try {
      expect(server.ready, server.output()).toBe(true);
    } finally {
      await server.stop();
    }
    const password = /password: (\S+)/.exec(server.output())?.[1];
    expect(password).toMatch(/^[\w-]{24}$/);
    const users = await database.db.selectFrom('users').select(['username', 'password_hash', 'resource_roles']).execute();
    expect(users.map((user) => [user.username, user.resource_roles])).toEqual([['admin', ['admin']]]);
    expect(await verifyPassword(users[0].password_hash, password!)).toBe(true);
    expect(await verifyPassword(users[0].password_hash, DEMO_PASSWORD)).toBe(false);

    // The next start finds the administrator: it creates nobody and prints no password.
    const again = await start({});
    await again.stop();
    expect(again.ready).toBe(true);
    expect(again.output()).not.toContain('password:');
    expect(await database.db.selectFrom('users').select('username').execute()).toHaveLength(1);
  }, 60_000);
});
