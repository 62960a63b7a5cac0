import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(import.meta.dirname, '../..');

/** Runs one of the portal's command-line tools (api/src/cli/<name>.ts) against a test database. */
export async function runCli(name: 'users' | 'audit-log', databaseUrl: string, ...args: string[]) {
  return promisify(execFile)(process.execPath, ['--import', 'tsx', `api/src/cli/${name}.ts`, ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
}
