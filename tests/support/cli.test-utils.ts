import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestDatabase } from './db.test-utils.js';

const root = path.resolve(import.meta.dirname, '../..');

/** Runs one of the portal's command-line tools (api/src/cli/<name>.ts) against a test database, as its owner (like an operator). */
export async function runCli(name: 'users' | 'audit-log', database: Pick<TestDatabase, 'url' | 'ownerUrl'>, ...args: string[]) {
  return promisify(execFile)(process.execPath, ['--import', 'tsx', `api/src/cli/${name}.ts`, ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: database.url, DATABASE_OWNER_URL: database.ownerUrl },
  });
}
