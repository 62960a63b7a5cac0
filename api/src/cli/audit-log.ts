/**
 * Checks the audit log's hash chain:
 *   pnpm audit-log verify
 * Walks every row in chain order, recomputes its link (HMAC-SHA256 under the audit key: AUDIT_HMAC_KEY, else
 * DATA_DIR/audit-hmac.key, as the portal finds it) and checks the link to the row before it, and that the chain still
 * reaches the head verified before (DATA_DIR/audit-head.json); then moves that head to the chain's end. Prints how
 * many rows are intact, or the first broken row and why, and then exits with 1. Same database as `pnpm users`.
 */
import { auditHeadFile, verifyAndAdvanceHead } from '../features/audit/audit.service.js';
import { exit, withPortalDatabase } from './connect.js';

const USAGE = `Usage: pnpm audit-log verify

  verify    recomputes the chain of the audit log (HMAC links) and checks it still reaches the head verified
            before; exits 1 at the first broken row, otherwise records the new head

Database: DATABASE_URL, or the embedded one in DATA_DIR (default .data). Key: AUDIT_HMAC_KEY, else
DATA_DIR/audit-hmac.key. Head: DATA_DIR/audit-head.json.`;

async function main(argv: string[]): Promise<number> {
  if (argv[0] !== 'verify' || argv.length > 1) {
    console.log(USAGE);
    return argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' ? 0 : 2;
  }
  const result = await withPortalDatabase((db, { key, dataDir }) => verifyAndAdvanceHead(db, key, auditHeadFile(dataDir), { full: true }));
  if (result.broken) {
    const { id, seq, at, reason } = result.broken;
    console.error(`The audit log chain is broken at row id ${id} (seq ${seq}, ${at}): ${reason}.`);
    console.error(`${result.checked} row${result.checked === 1 ? '' : 's'} before it are intact.`);
    return 1;
  }
  const head = result.head ? ` Head: row id ${result.head.id} (seq ${result.head.seq}).` : '';
  console.log(`The audit log chain is intact: ${result.checked} row${result.checked === 1 ? '' : 's'} verified.${head}`);
  return 0;
}

main(process.argv.slice(2)).then(exit, (error: unknown) => {
  console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
  exit(1);
});
