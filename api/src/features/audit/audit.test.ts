import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { as, createTestApp } from '../../../../tests/support/app.test-utils.js';
import { runCli } from '../../../../tests/support/cli.test-utils.js';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import * as auditChainMigration from '../../db/migrations/2026-11-23-0400-audit-chain.js';
import * as auditKeyedChainMigration from '../../db/migrations/2026-11-27-0800-audit-keyed-chain.js';
import { currentAuditKey, recordAudit } from '../../lib/audit.js';
import { grantAppRole } from '../../db/roles.js';
import { TEST_APP_ROLE } from '../../../../tests/support/global-setup.js';
import { auditHeadFile, GENESIS_HASH, verifyAndAdvanceHead, verifyChain } from './audit.service.js';

let database: TestDatabase;
let app: FastifyInstance;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database.db);
  // The head file of this file's `pnpm audit-log verify` runs (they find it in DATA_DIR, like the portal).
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'orders-portal-audit-'));
  vi.stubEnv('DATA_DIR', dataDir);
});

afterAll(async () => {
  // Files share a worker's process: the next file must not find this file's (removed) data folder.
  vi.unstubAllEnvs();
  await app?.close();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const key = () => currentAuditKey();
const entry = (operation: string, at?: string) =>
  recordAudit(database.db, { subject: 'tester', operation, recordType: 'test', details: { note: 'ünïcode ✓', n: 1.5 }, at });
const rows = (of: TestDatabase = database) => of.db.selectFrom('audit_log').selectAll().orderBy('seq').execute();

/** What the database answers to a statement, run as the table owner: the trigger refuses even the owner. */
async function refusal(statement: ReturnType<typeof sql>, db = database.asOwner()) {
  return statement.execute(db).then(
    () => 'accepted',
    (error: Error) => error.message,
  );
}

describe('audit_log is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    await entry('first');
    expect(await refusal(sql`update audit_log set subject = 'someone else'`)).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(sql`delete from audit_log`)).toMatch(/append-only: DELETE refused/);
    expect(await refusal(sql`truncate audit_log`)).toMatch(/append-only: TRUNCATE refused/);
    // The API's own role may not even try: it holds INSERT and SELECT on the audit log only.
    expect(await refusal(sql`update audit_log set subject = 'someone else'`, database.db)).toMatch(/permission denied/);
    expect(await refusal(sql`delete from audit_log`, database.db)).toMatch(/permission denied/);
    expect((await rows()).map((row) => row.subject)).toEqual(['tester']);
  });
});

describe('the hash chain', () => {
  it('links every row to the one before it, also for concurrent inserts, and verifies', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        database.db.transaction().execute(async (trx) => {
          await recordAudit(trx, { subject: `writer-${i}`, ip: '10.0.0.1', operation: 'concurrent', recordType: 'test', recordId: i, details: { i } });
          await recordAudit(trx, { subject: `writer-${i}`, operation: 'concurrent-second', recordType: 'test' });
        }),
      ),
    );
    const chain = await rows();
    expect(chain.map((row) => row.seq)).toEqual(chain.map((_, index) => index + 1));
    expect(chain[0].prev_hash).toBe(GENESIS_HASH);
    for (let i = 1; i < chain.length; i += 1) expect(chain[i].prev_hash).toBe(chain[i - 1].hash);
    expect(await verifyChain(database.db, key())).toMatchObject({ checked: 41 });
    expect(await verifyChain(database.db, key(), { batch: 7 })).toMatchObject({ checked: 41 }); // across batches
  });

  it('refuses a row that a writer links itself to another place, or leaves without a link', async () => {
    const refused = (statement: ReturnType<typeof sql>) => refusal(statement, database.db);
    expect(await refused(sql`insert into audit_log (subject, operation, record_type, seq, prev_hash, hash) values ('forger', 'forged', 'test', 1, ${GENESIS_HASH}, ${'a'.repeat(64)})`)).toMatch(
      /must extend the chain/,
    );
    expect(await refused(sql`insert into audit_log (subject, operation, record_type) values ('forger', 'forged', 'test')`)).toMatch(/must extend the chain/);
    expect((await rows()).map((row) => row.subject)).not.toContain('forger');
    expect((await verifyChain(database.db, key())).broken).toBeUndefined();
  });
});

/** What someone with the owner's rights (or a superuser's) can do to the table: lift the append-only trigger and write. */
async function asTableOwner(db: Kysely<unknown>, work: (trx: Kysely<unknown>) => Promise<void>) {
  await db.transaction().execute(async (trx) => {
    await sql`alter table audit_log disable trigger user`.execute(trx);
    await work(trx);
    await sql`alter table audit_log enable trigger user`.execute(trx);
  });
}

/** Re-links every row from `fromSeq` on with the database's own plain SHA-256 function, as a forger without the key would. */
const relinkWithSha256 = (fromSeq: number) => sql`
  do $$
  declare
    r record;
    previous text := coalesce((select hash from audit_log where seq = ${sql.lit(fromSeq - 1)}), repeat('0', 64));
  begin
    for r in select * from audit_log where seq >= ${sql.lit(fromSeq)} order by seq loop
      update audit_log
         set prev_hash = previous,
             hash = audit_log_hash(r.id, r.seq, r.at, r.subject, r.company_id, r.ip, r.operation, r.record_type, r.record_id, r.details, previous)
       where id = r.id
      returning hash into previous;
    end loop;
  end $$`;

describe('the chain is one only the portal can extend', () => {
  it('finds row 30 rewritten even when every later link was recomputed with plain SHA-256', async () => {
    const other = await createTestDatabase();
    try {
      for (let i = 1; i <= 40; i += 1) await recordAudit(other.db, { subject: `user-${i}`, operation: 'write', recordType: 'test', recordId: i });
      expect(await verifyChain(other.db, key())).toMatchObject({ checked: 40 });
      const owner = other.asOwner() as unknown as Kysely<unknown>;
      await asTableOwner(owner, async (trx) => {
        await sql`update audit_log set subject = 'someone-else' where seq = 30`.execute(trx);
        await relinkWithSha256(30).execute(trx);
      });
      const row30 = await other.db.selectFrom('audit_log').select(['id', 'seq']).where('seq', '=', 30).executeTakeFirstOrThrow();
      expect((await verifyChain(other.db, key())).broken).toMatchObject({ id: String(row30.id), seq: '30', reason: expect.stringMatching(/do not match its link/) });
    } finally {
      await other.drop();
    }
  });

  it('finds a removed last row, against the head verified before (kept outside the database)', async () => {
    const other = await createTestDatabase();
    const headFile = auditHeadFile(dataDir);
    try {
      for (let i = 1; i <= 5; i += 1) await recordAudit(other.db, { subject: `user-${i}`, operation: 'write', recordType: 'test' });
      expect(await verifyAndAdvanceHead(other.db, key(), headFile)).toMatchObject({ checked: 5, head: { seq: 5 } });
      await asTableOwner(other.asOwner() as unknown as Kysely<unknown>, async (trx) => {
        await sql`delete from audit_log where seq = 5`.execute(trx);
      });
      // What is left verifies on its own: only the head says a row is gone.
      expect((await verifyChain(other.db, key())).broken).toBeUndefined();
      expect((await verifyAndAdvanceHead(other.db, key(), headFile)).broken?.reason).toMatch(/seq 5\), verified before, is gone: rows were removed from the end/);
      expect((await verifyAndAdvanceHead(other.db, key(), headFile, { full: true })).broken?.reason).toMatch(/ends at seq 4, but row id \d+ \(seq 5\) was verified before/);
    } finally {
      await other.drop();
    }
  });

  it('binds the rows linked with SHA-256 before the key: the first keyed row covers them', async () => {
    const other = await createTestDatabase();
    const headFile = path.join(dataDir, 'legacy-head.json');
    try {
      const db = other.asOwner() as unknown as Kysely<unknown>;
      // A log written before the key: the audit-chain migration's SHA-256 links.
      await auditKeyedChainMigration.down(db);
      await auditChainMigration.down(db);
      await sql`insert into audit_log (subject, operation, record_type, details) values ('a', 'old', 'test', '{}'), ('b', 'old', 'test', '{"x": [1, 2]}'), ('c', 'old', 'test', '{}')`.execute(db);
      await auditChainMigration.up(db);
      await auditKeyedChainMigration.up(db);
      await grantAppRole(other.asOwner(), TEST_APP_ROLE); // the new table's rights, as every start grants them
      // The first start: the old part verifies, and a keyed row seals it.
      expect(await verifyAndAdvanceHead(other.db, key(), headFile)).toMatchObject({ checked: 4, head: { seq: 4, legacyUntilSeq: 3 } });
      expect((await rows(other)).at(-1)).toMatchObject({ operation: 'audit.chain_keyed', details: { legacyUntilSeq: 3 } });
      await recordAudit(other.db, { subject: 'd', operation: 'new', recordType: 'test' });
      expect(await verifyAndAdvanceHead(other.db, key(), headFile, { full: true })).toMatchObject({ checked: 5 });

      // An old row rewritten and the old part re-linked with SHA-256: the keyed row after it no longer matches.
      await asTableOwner(db, async (trx) => {
        await sql`update audit_log set subject = 'someone-else' where seq = 2`.execute(trx);
        await relinkWithSha256(2).execute(trx);
        // Moving the boundary to pass every row as an old one does not help: the head file keeps it.
        await sql`update audit_chain_legacy set until_seq = 5`.execute(trx);
      });
      expect((await verifyAndAdvanceHead(other.db, key(), headFile, { full: true })).broken).toMatchObject({ seq: '4', reason: expect.stringMatching(/do not match its link/) });
    } finally {
      await other.drop();
    }
  });
});

describe('every `pnpm users` command is recorded', () => {
  it('records who ran which command on what, and never the password', async () => {
    const users = (...args: string[]) => runCli('users', database, ...args);
    await users('company', 'add', 'acme', '--name', 'ACME Bottling');
    await users('add', 'jane', '--password', 'secret-pass-1', '--email', 'jane@acme.example', '--first', 'Jane', '--last', 'Doe', '--role', 'client', '--company', 'acme');
    await Promise.all([users('list'), users('company', 'list'), users('passwd', 'jane', '--password', 'secret-pass-2'), users('reset-mfa', 'jane')]);
    await users('disable', 'jane');
    await users('enable', 'jane');
    await users('company', 'disable', 'acme');
    await users('company', 'enable', 'acme');
    await expect(users('add', 'jane', '--password', 'secret-pass-3', '--email', 'j@acme.example', '--first', 'J', '--last', 'D')).rejects.toThrow(/taken/);

    const recorded = (await rows()).filter((row) => row.operation.startsWith('users.'));
    expect(recorded.map((row) => row.operation).sort()).toEqual(
      [
        'users.add',
        'users.add',
        'users.company.add',
        'users.company.disable',
        'users.company.enable',
        'users.company.list',
        'users.disable',
        'users.enable',
        'users.list',
        'users.passwd',
        'users.reset-mfa',
      ].sort(),
    );
    for (const row of recorded) {
      expect(row.subject).toMatch(/^cli:.+/);
      expect(JSON.stringify(row.details)).not.toMatch(/secret-pass/);
      expect(row.at).toBeInstanceOf(Date);
    }
    const added = recorded.filter((row) => row.operation === 'users.add');
    expect(added[0]).toMatchObject({ record_type: 'user', record_id: 'jane', details: { email: 'jane@acme.example', role: ['client'], company: 'acme', password: 'set' } });
    expect(added[1].details).toMatchObject({ refused: 'The username jane is taken.' });
    expect(recorded.find((row) => row.operation === 'users.company.add')).toMatchObject({ record_type: 'company', record_id: 'acme' });
    expect((await verifyChain(database.db, key())).broken).toBeUndefined();
  }, 60_000);
});

describe('admin CSV export of a period (POST /api/admin/audit/export)', () => {
  const exportCsv = async (body: object, token: string) => {
    const response = await app.inject({ method: 'POST', url: '/api/admin/audit/export', payload: body, headers: { authorization: `Bearer ${token}` } });
    return { status: response.statusCode, headers: response.headers, text: response.rawPayload.toString('utf8') };
  };

  it('covers exactly the days of the period (UTC, both ends inclusive), oldest first', async () => {
    await entry('before-april', '2026-03-31T23:59:59.999999Z');
    await entry('april-first', '2026-04-01T00:00:00Z');
    await entry('april-middle', '2026-04-15T12:00:00Z');
    await entry('april-last', '2026-04-30T23:59:59.999999Z');
    await entry('after-april', '2026-05-01T00:00:00Z');
    const response = await exportCsv({ period: { from: '2026-04-01', to: '2026-04-30' } }, await as.admin());
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="audit-log-2026-04-01-2026-04-30.csv"');
    const lines = response.text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Id;Seq;At (UTC);Subject;Company;IP;User agent;Operation;Record type;Record id;Details;Hash');
    expect(lines.slice(1).map((line) => line.split(';')[7])).toEqual(['april-first', 'april-middle', 'april-last']);
    expect(lines[1].split(';')[2]).toBe('2026-04-01T00:00:00.000Z');

    const [recorded] = (await rows()).filter((row) => row.operation === 'audit.export');
    expect(recorded).toMatchObject({ subject: 'admin-1', details: { from: '2026-04-01', to: '2026-04-30', rows: 3 } });
  });

  it("records the request's client address and user agent with the write", async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/audit/export',
      payload: { period: { from: '2026-06-01', to: '2026-06-02' } },
      headers: { authorization: `Bearer ${await as.admin()}`, 'user-agent': 'AuditTest/1.0 (portal)' },
      remoteAddress: '192.0.2.44',
    });
    expect(response.statusCode).toBe(200);
    const recorded = (await rows()).filter((row) => row.operation === 'audit.export').at(-1);
    expect(recorded).toMatchObject({ ip: '192.0.2.44', user_agent: 'AuditTest/1.0 (portal)', details: { from: '2026-06-01' } });
    expect((await verifyChain(database.db, key())).broken).toBeUndefined();
  });

  it('is for the admin only, and refuses a period that ends before it starts', async () => {
    const april = { period: { from: '2026-04-01', to: '2026-04-30' } };
    for (const token of [await as.operator(), await as.accountant(), await as.client(), await as.guest()]) {
      expect((await exportCsv(april, token)).status).toBe(403);
    }
    expect((await app.inject({ method: 'POST', url: '/api/admin/audit/export', payload: april })).statusCode).toBe(401);
    const backwards = await exportCsv({ period: { from: '2026-04-30', to: '2026-04-01' } }, await as.admin());
    expect(backwards.status).toBe(400);
    expect(JSON.parse(backwards.text).errors).toEqual([expect.objectContaining({ field: 'period.to', code: 'range' })]);
  });
});

describe('`pnpm audit-log verify`', () => {
  it('says the chain is intact, and finds an edited row (the table owner switched the trigger off to edit it)', async () => {
    const intact = await runCli('audit-log', database, 'verify');
    expect(intact.stdout).toMatch(/The audit log chain is intact: \d+ rows verified\./);

    const target = (await rows())[4];
    await database.asOwner().transaction().execute(async (trx) => {
      await sql`alter table audit_log disable trigger audit_log_no_change`.execute(trx);
      await sql`update audit_log set subject = 'someone-else' where id = ${target.id}`.execute(trx);
      await sql`alter table audit_log enable trigger audit_log_no_change`.execute(trx);
    });
    const broken = await runCli('audit-log', database, 'verify').then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(broken?.code).toBe(1);
    expect(broken?.stderr).toContain(`The audit log chain is broken at row id ${target.id} (seq ${target.seq}`);
    expect(broken?.stderr).toContain('its fields do not match its link: the row was changed');
    expect(broken?.stderr).toContain('4 rows before it are intact.');
  });
});
