import { execFile } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestDatabase } from './db.test-utils.js';

const root = path.resolve(import.meta.dirname, '../..');

/** The newest modification time of the API's sources, read once per process. */
let sourcesChanged: number | undefined;
function newestSource(): number {
  if (sourcesChanged === undefined) {
    const sources = path.join(root, 'api/src');
    sourcesChanged = 0;
    for (const file of readdirSync(sources, { recursive: true, encoding: 'utf8' })) {
      sourcesChanged = Math.max(sourcesChanged, statSync(path.join(sources, file)).mtimeMs);
    }
  }
  return sourcesChanged;
}

/**
 * The arguments that make `node` run one of the API's programs (`server`, `cli/users`, ...): its build in api/dist when
 * that is newer than every source (`npm test` builds before it tests), else its source through tsx. A build starts in
 * half the time tsx takes to compile the program's modules, and it is what production runs.
 */
export function apiProgram(name: string): string[] {
  const built = path.join(root, `api/dist/${name}.js`);
  if (existsSync(built) && statSync(built).mtimeMs >= newestSource()) return [built];
  return ['--import', 'tsx', path.join(root, `api/src/${name}.ts`)];
}

/** Runs one of the portal's command-line tools (api/src/cli/<name>.ts) against a test database, as its owner (like an operator). */
export async function runCli(name: 'users' | 'audit-log', database: Pick<TestDatabase, 'url' | 'ownerUrl'>, ...args: string[]) {
  return promisify(execFile)(process.execPath, [...apiProgram(`cli/${name}`), ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: database.url, DATABASE_OWNER_URL: database.ownerUrl },
  });
}
