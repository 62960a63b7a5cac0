import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { register } from 'prom-client';
import { useTestApp } from '../../../../tests/support/test-app.test-utils.js';
import { freePort, TestSmtpServer } from '../../../../tests/support/smtp.test-utils.js';
import { createCompany } from '../../../../tests/support/factories/companies.test-utils.js';
import { createDb, type Db } from '../../db/database.js';
import { Jobs, QUEUES } from '../../jobs/queue.js';
import { smtpTransport, type MailTransport } from './mail.js';
import { invoiceJobHandlers } from './invoices.jobs.js';
import { deliverMessage, enqueueMessage } from './outbox.js';
import { outboxDelivery } from './invoices.service.js';
import { makeInvoice, makeUser } from './invoices.fixtures.js';

/**
 * Issue 18: 'Confirm & Send' through the job queue and a real SMTP server (smtp-server on a loopback port, with a user
 * and password in SMTP_URL). The API here only queues (JOBS_WORKERS=0, like a web-only replica); three worker
 * instances, each with its own pool as three replicas would have, work on the same database. Retries are short here
 * (first after 1-2 s, doubling), three of them before a job is dead-lettered.
 */
const smtp = new TestSmtpServer(await freePort());
const api = useTestApp({ SMTP_URL: smtp.url, JOBS_WORKERS: '0', JOBS_RETRY_LIMIT: '3', JOBS_RETRY_DELAY_SECONDS: '1', JOBS_POLL_SECONDS: '0.5' });

const workers: { jobs: Jobs; db: Db; transport: MailTransport }[] = [];
const WAIT = { timeout: 45_000, interval: 100 };

beforeAll(async () => {
  for (let i = 0; i < 3; i++) {
    const db = createDb(api.database.url, { max: 3 });
    const config = api.app.config;
    const transport = smtpTransport(smtp.url);
    const jobs = new Jobs(db, { workers: 1, pollSeconds: 0.5, retry: { retryLimit: 3, retryDelay: 1 }, log: api.app.log });
    await jobs.start(invoiceJobHandlers(db, config, transport));
    workers.push({ jobs, db, transport });
  }
});

afterAll(async () => {
  for (const worker of workers) {
    await worker.jobs.stop();
    worker.transport.close();
    await worker.db.destroy();
  }
  await smtp.stop();
});

let counter = 0;
/** A company of its own with one billing address and an unconfirmed invoice. */
async function invoiceFor(email: string) {
  const n = ++counter;
  const company = await createCompany(api.db, `jobs-${n}`, { name: `Jobs Test ${n} AB` });
  await makeUser(api.db, company, email);
  return makeInvoice(api.db, { companyId: company, invoiceNumber: `INV-JOBS-${String(n).padStart(4, '0')}` });
}

const messageOf = (invoice: number) =>
  api.db.selectFrom('outbox').selectAll().where('attachment_type', '=', 'invoice').where('attachment_id', '=', invoice).executeTakeFirstOrThrow();

/** Jobs of the e-mail queue in a state (pg-boss's own table, which the application role reads). */
async function jobsIn(states: string[]): Promise<number> {
  const { rows } = await sql<{ count: number }>`select count(*)::int as count from pgboss.job where name = ${QUEUES.invoiceEmail} and state::text = any(${states})`.execute(api.db);
  return rows[0].count;
}
const unfinished = () => jobsIn(['created', 'retry', 'active']);

describe("'Confirm & Send' through the job queue and SMTP", { timeout: 60_000 }, () => {
  it('with the SMTP server down the job retries; when the server is back the message is delivered exactly once', async () => {
    const invoice = await invoiceFor('down@retry.example');
    const confirmed = await api.post('Documents_confirmInvoice', { id: invoice }, 'accountant', { role: 'accountant' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ isConfirmed: true, isSent: true });

    // Two attempts refused (connection refused) and the job waiting for its next retry.
    await vi.waitFor(async () => {
      const message = await messageOf(invoice);
      expect(message.attempts).toBeGreaterThanOrEqual(2);
      expect(message.sent_at).toBeNull();
      expect(message.last_error).toMatch(/ECONNREFUSED/);
      expect(await jobsIn(['retry'])).toBe(1);
    }, WAIT);
    expect(smtp.received).toEqual([]);

    await smtp.start();
    await vi.waitFor(async () => {
      expect((await messageOf(invoice)).sent_at).toBeInstanceOf(Date);
      expect(await unfinished()).toBe(0);
    }, WAIT);
    const mails = smtp.to('down@retry.example');
    expect(mails).toHaveLength(1);
    expect(mails[0].user).toBe('portal');
    expect(mails[0].raw).toContain('Subject: Invoice INV-JOBS-');
    expect(mails[0].raw).toMatch(/Content-Type: application\/pdf/);
    expect(mails[0].raw).toMatch(/filename="?INV-JOBS-\d{4}\.pdf/);
    expect((await messageOf(invoice)).failed_at).toBeNull();
  });

  it('with three workers, N confirmations give exactly N messages, even with every job delivered three times', async () => {
    const N = 10;
    const invoices = await Promise.all(Array.from({ length: N }, (_, i) => invoiceFor(`many-${i}@three.example`)));
    const before = smtp.received.length;
    const answers = await Promise.all(invoices.map((id) => api.post('Documents_confirmInvoice', { id }, 'accountant', { role: 'accountant' })));
    expect(answers.map((answer) => answer.status)).toEqual(invoices.map(() => 200));
    // A redelivered job (a retry of an attempt that timed out, a replica that died mid-job) must not send again: two
    // more jobs per message, racing on three workers.
    for (const id of invoices) {
      const message = await messageOf(id);
      await api.app.jobs.boss.send(QUEUES.invoiceEmail, { outboxId: message.id });
      await api.app.jobs.boss.send(QUEUES.invoiceEmail, { outboxId: message.id });
    }
    await vi.waitFor(async () => {
      expect(await unfinished()).toBe(0);
      const sent = await api.db.selectFrom('outbox').select('id').where('attachment_id', 'in', invoices).where('sent_at', 'is not', null).execute();
      expect(sent).toHaveLength(N);
    }, WAIT);
    expect(smtp.received.length - before).toBe(N);
    for (let i = 0; i < N; i++) expect(smtp.to(`many-${i}@three.example`)).toHaveLength(1);
  });

  it('a job whose message another worker holds right now ends without sending or counting an attempt (the holder answers for it)', async () => {
    // A message with no job (so no worker races this test), held as a worker holds it while the transport takes it.
    const id = await api.db.transaction().execute((trx) => enqueueMessage(trx, { to: 'held@lock.example', subject: 'Held', body: 'Held message' }));
    if (!smtp.running) await smtp.start();
    const transport = smtpTransport(smtp.url);
    const delivery = outboxDelivery(api.db, api.app.config, transport);
    try {
      const holder = await api.db.transaction().execute(async (trx) => {
        await trx.selectFrom('outbox').select('id').where('id', '=', id!).forUpdate().execute();
        return deliverMessage(api.db, id!, delivery);
      });
      expect(holder).toBe('being sent');
      expect(smtp.to('held@lock.example')).toEqual([]);
      expect(await api.db.selectFrom('outbox').select(['attempts', 'last_error', 'sent_at']).where('id', '=', id!).executeTakeFirstOrThrow()).toEqual({
        attempts: 0,
        last_error: null,
        sent_at: null,
      });
      // Released, the message is delivered once, and a later redelivery finds it sent.
      expect(await deliverMessage(api.db, id!, delivery)).toBe('sent');
      expect(await deliverMessage(api.db, id!, delivery)).toBe('already sent');
      expect(smtp.to('held@lock.example')).toHaveLength(1);
    } finally {
      transport.close();
    }
  });

  it('a confirmation that is refused queues no job', async () => {
    const company = await createCompany(api.db, `jobs-${++counter}`, { name: 'No Address AB' });
    const invoice = await makeInvoice(api.db, { companyId: company });
    const jobsBefore = await jobsIn(['created', 'retry', 'active', 'completed', 'failed', 'cancelled']);
    const response = await api.post('Documents_confirmInvoice', { id: invoice }, 'admin', { role: 'admin' });
    expect(response.status).toBe(409);
    expect(await jobsIn(['created', 'retry', 'active', 'completed', 'failed', 'cancelled'])).toBe(jobsBefore);
    expect(await api.db.selectFrom('outbox').select('id').where('attachment_id', '=', invoice).execute()).toEqual([]);
  });
});

describe('failed deliveries (dead letters)', { timeout: 60_000 }, () => {
  const address = 'refused@dead.example';
  let invoice: number;
  let messageId: number;

  beforeAll(async () => {
    smtp.refuse = (to) => to === address;
    invoice = await invoiceFor(address);
    expect((await api.post('Documents_confirmInvoice', { id: invoice }, 'admin', { role: 'admin' })).status).toBe(200);
    messageId = (await messageOf(invoice)).id;
  });

  it('a message that failed every retry is listed for the admin with its last error', async () => {
    // Rows and count are two statements on two connections: an answer read while the dead letter's mark commits may
    // have one without the other, so wait until an answer has both.
    const listed = await vi.waitFor(async () => {
      const response = await api.post('Documents_getFailedDeliveries', { pagination: { page: 1, rowsPerPage: 10 } }, 'admin');
      expect(response.status).toBe(200);
      expect(response.body.rows.map((row) => row.id)).toEqual([messageId]);
      expect(response.body.count).toBe(1);
      return response.body;
    }, WAIT);
    expect(listed.rows[0]).toMatchObject({
      id: messageId,
      invoiceId: invoice,
      invoiceNumber: expect.stringMatching(/^INV-JOBS-/),
      company: expect.stringMatching(/^Jobs Test/),
      to: address,
      // The first attempt and three retries.
      attempts: 4,
      lastError: expect.stringMatching(/550/),
    });
    expect(Date.parse(listed.rows[0].failedAt)).toBeGreaterThanOrEqual(Date.parse(listed.rows[0].createdAt));
    expect(smtp.to(address)).toEqual([]);
    expect(await jobsIn(['created', 'retry', 'active'])).toBe(0);
  });

  it("the metrics registry's gauges count it as a failed job, and no job waiting", async () => {
    expect(await register.getSingleMetricAsString('orders_portal_jobs_failed')).toMatch(/^orders_portal_jobs_failed 1$/m);
    expect(await register.getSingleMetricAsString('orders_portal_jobs_waiting')).toMatch(/^orders_portal_jobs_waiting 0$/m);
  });

  it.each(['accountant', 'operator', 'client'] as const)('answers 403 to %s, for the list and the retry', async (caller) => {
    expect((await api.post('Documents_getFailedDeliveries', { pagination: { page: 1, rowsPerPage: 10 } }, caller)).status).toBe(403);
    expect((await api.post('Documents_retryDelivery', { id: messageId }, caller)).status).toBe(403);
    expect((await messageOf(invoice)).failed_at).toBeInstanceOf(Date);
  });

  it("the admin's retry sends it once, and it leaves the list", async () => {
    smtp.refuse = () => false;
    const response = await api.post('Documents_retryDelivery', { id: messageId }, 'admin');
    expect(response.status).toBe(200);
    await vi.waitFor(async () => {
      expect((await messageOf(invoice)).sent_at).toBeInstanceOf(Date);
      expect(await unfinished()).toBe(0);
    }, WAIT);
    expect(smtp.to(address)).toHaveLength(1);
    const list = await api.post('Documents_getFailedDeliveries', { pagination: { page: 1, rowsPerPage: 10 } }, 'admin');
    expect(list.body).toEqual({ rows: [], count: 0 });
    const audited = await api.db.selectFrom('audit_log').select('operation').where('record_type', '=', 'outbox').where('record_id', '=', String(messageId)).execute();
    expect(audited).toEqual([{ operation: 'retryDelivery' }]);
  });

  it('a retry of a message that is not dead-lettered answers 409 and queues nothing; an unknown id 404', async () => {
    const before = await jobsIn(['created', 'retry', 'active', 'completed', 'failed', 'cancelled']);
    const again = await api.post('Documents_retryDelivery', { id: messageId }, 'admin');
    expect(again.status).toBe(409);
    expect((await api.post('Documents_retryDelivery', { id: 999_999 }, 'admin')).status).toBe(404);
    expect(await jobsIn(['created', 'retry', 'active', 'completed', 'failed', 'cancelled'])).toBe(before);
    expect(smtp.to(address)).toHaveLength(1);
  });
});
