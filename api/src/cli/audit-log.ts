/**
 * Checks the audit log's hash chain:
 *   pnpm audit-log verify
 * Walks every row in chain order, recomputes its hash and checks the link to the row before it. Prints how many
 * rows are intact, or the first broken row and why, and then exits with 1. Same database as `pnpm users`.
 */
import { verifyChain } from '../features/audit/audit.service.js';
import { exit, withPortalDatabase } from './connect.js';

const USAGE = `Usage: pnpm audit-log verify

  verify    recomputes the hash chain of the audit log; exits 1 at the first broken row

Database: DATABASE_URL, or the embedded one in DATA_DIR (default .data).`;

async function main(argv: string[]): Promise<number> {
  if (argv[0] !== 'verify' || argv.length > 1) {
    console.log(USAGE);
    return argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' ? 0 : 2;
  }
  const result = await withPortalDatabase((db) => verifyChain(db));
  if (result.broken) {
    const { id, seq, at, reason } = result.broken;
    console.error(`The audit log chain is broken at row id ${id} (seq ${seq}, ${at}): ${reason}.`);
    console.error(`${result.checked} row${result.checked === 1 ? '' : 's'} before it are intact.`);
    return 1;
  }
  console.log(`The audit log chain is intact: ${result.checked} row${result.checked === 1 ? '' : 's'} verified.`);
  return 0;
}

main(process.argv.slice(2)).then(exit, (error: unknown) => {
  console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
  exit(1);
});
