import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { useTestApp } from '../../../../tests/support/test-app.test-utils.js';
import { tokenFor } from '../../../../tests/support/app.test-utils.js';
import { createCompany } from '../../../../tests/support/factories/companies.test-utils.js';
import { nowMs, pinClock } from '../../lib/clock.js';
import type { Schemas } from '../../lib/contract.js';
import { Jobs, QUEUES, sendInTransaction, type JobHandler } from '../../jobs/queue.js';
import { issueInvoice } from '../invoices/invoices.service.js';
import { invoiceJobHandlers } from '../invoices/invoices.jobs.js';
import { enqueueMessage } from '../invoices/outbox.js';
import { fileTransport, type MailTransport } from '../invoices/mail.js';
import { attemptDelivery } from '../webhooks/webhooks.deliveries.js';
import { notificationJobHandlers } from './notifications.jobs.js';
import { followEventLog } from './notifications.service.js';

/**
 * The default audiences whose events the portal records itself, each through the code that records it: an invoice
 * issued unconfirmed (the accountant), an invoice e-mail and a notification e-mail dead-lettered, a webhook endpoint
 * disabled after its last retry, machine messages kept aside (the admin). Each is read from the inbox endpoint.
 */
const api = useTestApp({ WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8', WEBHOOK_RETRY_SECONDS: '30' });

const CO = 'aud-co';
const OTHER_CO = 'aud-other';
type Who = 'admin' | 'accountant' | 'operator' | 'client' | 'otherClient';
const people = {} as Record<Who, { id: string; token: string }>;
let receiver: http.Server;
let url: string;

async function user(username: string, companyId: string | null, resource: string[]) {
  const { id } = await api.db
    .insertInto('users')
    .values({ username, first_name: username, last_name: 'Tester', password_hash: 'x', company_id: companyId, resource_roles: resource, realm_roles: [], email: `${username}@example.com` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, token: await tokenFor({ sub: id, roles: resource, companyId: companyId ?? undefined, name: `${username} Tester` }) };
}

beforeAll(async () => {
  await createCompany(api.db, CO, { name: 'Audience AB', fbs: ['FB-1'] });
  await createCompany(api.db, OTHER_CO, { name: 'Other AB', fbs: ['FB-9'] });
  people.admin = await user('aud-admin', null, ['admin']);
  people.accountant = await user('aud-acc', null, ['accountant']);
  people.operator = await user('aud-op', null, ['operator']);
  people.client = await user('aud-client', CO, ['client']);
  people.otherClient = await user('aud-other', OTHER_CO, ['client']);
  receiver = http.createServer((request, response) => request.resume().on('end', () => response.writeHead(500).end('down')));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  await followEventLog(api.db);
});
afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
});

const inbox = async (who: Who) => {
  const answer = await api.post('Notifications_getNotifications', { pagination: { page: 1, rowsPerPage: 100 }, unreadOnly: true }, { token: people[who].token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as unknown as Schemas['NotificationPage']).rows;
};
const readAll = async () => {
  for (const who of Object.keys(people) as Who[]) await api.post('Notifications_markAllRead', {}, { token: people[who].token });
};
/** Who has an unread notification of `kind` after the log is followed. */
const heardBy = async (kind: Schemas['EventType']) => {
  await followEventLog(api.db);
  const heard: Who[] = [];
  for (const who of Object.keys(people) as Who[]) if ((await inbox(who)).some((row) => row.kind === kind)) heard.push(who);
  return heard;
};
const job = <T,>(data: T, message: string) => ({ id: randomUUID(), name: 'dead', data, output: { message } }) as never;

describe('the accountant', () => {
  it('hears an invoice issued unconfirmed, ready for Confirm & Send, naming its number; an invoice issued confirmed tells nobody', async () => {
    await readAll();
    const id = await api.db.transaction().execute((trx) =>
      issueInvoice(trx, { system: 'erp' }, { companyId: CO, invoiceNumber: 'INV-AUD-1', orderId: null, deliveryDate: '2026-12-01', currency: 'EUR', exchangeRate: 1, lines: [] }),
    );
    expect(await heardBy('invoice.ready_to_confirm')).toEqual(['accountant']);
    expect((await inbox('accountant'))[0]).toMatchObject({ kind: 'invoice.ready_to_confirm', recordType: 'invoice', recordId: String(id), label: 'INV-AUD-1', company: 'Audience AB' });
    // The event is the invoice company's: its client reads it in the log, another company's does not.
    const logOf = async (who: Who) =>
      ((await api.post('Events_getEvents', { types: ['invoice.ready_to_confirm'] }, { token: people[who].token })).body as Schemas['EventPage']).rows.map((event) => event.recordId);
    expect(await logOf('client')).toContain(String(id));
    expect(await logOf('otherClient')).toEqual([]);

    await readAll();
    await api.db.transaction().execute((trx) =>
      issueInvoice(trx, { system: 'erp' }, { companyId: CO, invoiceNumber: 'INV-AUD-2', orderId: null, deliveryDate: '2026-12-01', currency: 'EUR', exchangeRate: 1, lines: [], isConfirmed: true, isSent: true }),
    );
    expect(await heardBy('invoice.ready_to_confirm')).toEqual([]);
  });
});

describe('e-mail settings', () => {
  it("offer each person the kinds they may hear: the accountant invoices ready to confirm; a client none of the manufacturer's own", async () => {
    const kindsOf = async (who: Who) =>
      ((await api.post('Notifications_getPreferences', {}, { token: people[who].token })).body as Schemas['NotificationPreferences']).choices.map((choice) => choice.kind);
    expect(await kindsOf('accountant')).toEqual(['invoice.ready_to_confirm']);
    expect(await kindsOf('admin')).toEqual(expect.arrayContaining(['email.failed', 'webhook.failed', 'machine_event.kept_aside']));
    const client = await kindsOf('client');
    expect(client).toContain('invoice.sent');
    expect(client.filter((kind) => ['invoice.ready_to_confirm', 'email.failed', 'webhook.failed', 'machine_event.kept_aside'].includes(kind))).toEqual([]);
  });
});

describe('the admin', () => {
  it('hears an invoice e-mail that failed its last retry (dead-lettered), once', async () => {
    await readAll();
    const invoiceId = await api.db.transaction().execute((trx) =>
      issueInvoice(trx, { system: 'erp' }, { companyId: CO, invoiceNumber: 'INV-AUD-3', orderId: null, deliveryDate: '2026-12-01', currency: 'EUR', exchangeRate: 1, lines: [], isConfirmed: true }),
    );
    const outboxId = (await api.db.transaction().execute((trx) => enqueueMessage(trx, { to: 'billing@example.com', subject: 'Invoice', body: 'x', attachment: { type: 'invoice', id: invoiceId } })))!;
    const handlers = invoiceJobHandlers(api.db, api.app.config, fileTransport(mkdtempSync(path.join(tmpdir(), 'aud-'))));
    const deadLetter = handlers[QUEUES.invoiceEmailDead] as JobHandler<never>;
    await deadLetter(job({ outboxId }, 'connect ECONNREFUSED 127.0.0.1:587'));
    await deadLetter(job({ outboxId }, 'connect ECONNREFUSED 127.0.0.1:587'));
    expect(await heardBy('email.failed')).toEqual(['admin']);
    const rows = (await inbox('admin')).filter((row) => row.kind === 'email.failed');
    expect(rows.map((row) => [row.recordType, row.recordId, row.label, row.count])).toEqual([['outbox', String(outboxId), 'INV-AUD-3', 1]]);
  });

  it('hears a notification e-mail that failed its last retry; sees it in the failed e-mails with the error masked, and sends it again', async () => {
    await readAll();
    const mail = await api.db.insertInto('notification_mails').values({ user_id: people.client.id, digest: false, created_at: new Date(nowMs()) }).returning('id').executeTakeFirstOrThrow();
    await api.db
      .insertInto('notifications')
      .values({
        user_id: people.client.id, company_id: CO, kind: 'invoice.sent', record_type: 'invoice', record_id: '1', order_id: null, label: 'INV-1', fold_key: 'invoice:1',
        actor_kind: 'system', actor_id: 'test', data: '{}', first_sequence: 1, last_sequence: 1, first_at: new Date(nowMs()), occurred_at: new Date(nowMs()), mail_id: mail.id,
      })
      .execute();
    await api.db.updateTable('notification_mails').set({ attempts: 7 }).where('id', '=', mail.id).execute();
    const handlers = notificationJobHandlers(api.db, api.app.config, fileTransport(mkdtempSync(path.join(tmpdir(), 'aud-'))));
    await (handlers[QUEUES.notificationEmailDead] as JobHandler<never>)(job({ mailId: mail.id }, 'Invalid login: 535 for smtp://portal:hunter2@mail.example:587 AUTH PLAIN cG9ydGFsAGh1bnRlcjI='));
    expect(await heardBy('email.failed')).toEqual(['admin']);
    expect((await inbox('admin')).find((row) => row.kind === 'email.failed')).toMatchObject({ recordType: 'notification_mail', recordId: String(mail.id), data: { mail: 'notification' } });

    const list = await api.post('Notifications_getFailedMails', { pagination: { page: 1, rowsPerPage: 10 } }, 'admin');
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const failed = (list.body as { rows: Schemas['FailedNotificationMail'][]; count: number }).rows.find((row) => row.id === mail.id)!;
    expect(failed).toMatchObject({ person: 'aud-client Tester', to: 'aud-client@example.com', digest: false, kinds: ['invoice.sent'], attempts: 7 });
    expect(failed.lastError).toContain('Invalid login: 535');
    expect(failed.lastError).not.toMatch(/hunter2|cG9ydGFsAGh1bnRlcjI=/);

    expect((await api.post('Notifications_retryMail', { id: mail.id }, 'admin')).status).toBe(200);
    const queued = await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = 'notification-email' and state = 'created' and data->>'mailId' = ${String(mail.id)}`.execute(api.db);
    expect(queued.rows[0]!.n).toBe(1);
    const after = (await api.post('Notifications_getFailedMails', { pagination: { page: 1, rowsPerPage: 10 } }, 'admin')).body as { rows: { id: number }[] };
    expect(after.rows.map((row) => row.id)).not.toContain(mail.id);
    // Sent again already (queued, being retried): a second retry is refused and queues nothing more.
    expect((await api.post('Notifications_retryMail', { id: mail.id }, 'admin')).status).toBe(409);
    expect((await api.post('Notifications_retryMail', { id: 2_000_000 }, 'admin')).status).toBe(404);
  });

  it('hears a webhook endpoint disabled when a delivery failed its last retry', async () => {
    await readAll();
    const saved = await api.post('Webhooks_saveEndpoint', { endpoint: { url, eventTypes: ['invoice.ready_to_confirm'], enabled: true } }, 'admin');
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const endpointId = (saved.body as { endpoint: { id: number } }).endpoint.id;
    await api.db.transaction().execute((trx) =>
      issueInvoice(trx, { system: 'erp' }, { companyId: CO, invoiceNumber: 'INV-AUD-4', orderId: null, deliveryDate: '2026-12-01', currency: 'EUR', exchangeRate: 1, lines: [] }),
    );
    const [delivery] = await api.db.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', endpointId).execute();
    const pinned = nowMs();
    try {
      expect(await attemptDelivery(api.db, api.app.config, delivery!.id)).toBe('retry');
      expect(await heardBy('webhook.failed')).toEqual([]);
      pinClock(pinned + 31_000);
      expect(await attemptDelivery(api.db, api.app.config, delivery!.id)).toBe('failed');
    } finally {
      pinClock(pinned);
    }
    expect(await heardBy('webhook.failed')).toEqual(['admin']);
    expect((await inbox('admin')).find((row) => row.kind === 'webhook.failed')).toMatchObject({ recordType: 'webhook_endpoint', recordId: String(endpointId), data: { endpointDisabled: true, attempts: 2 } });
  });

  it('hears machine messages kept aside (one per machine and batch, with how many), not the messages applied', async () => {
    await readAll();
    const created = await api.post('AdminMachines_createCredential', { credential: { name: 'Audience collector', machines: [{ clientId: CO, machineName: 'FB-1' }] } }, 'admin');
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const token = (created.body as { token: string }).token;
    const at = new Date(nowMs() - 60_000).toISOString();
    const send = (machineName: string, count: number) =>
      api.post('MachineEvents_postEvents', { events: Array.from({ length: count }, () => ({ eventId: randomUUID(), machine: { clientId: CO, machineName }, at, kind: 'running' as const })) }, { token });
    expect((await send('FB-1', 1)).status).toBe(200);
    expect(await heardBy('machine_event.kept_aside')).toEqual([]);
    const kept = await send('FB-404', 3);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ keptAside: 3 });
    expect(await heardBy('machine_event.kept_aside')).toEqual(['admin']);
    expect((await inbox('admin')).find((row) => row.kind === 'machine_event.kept_aside')).toMatchObject({
      recordType: 'machine',
      recordId: 'FB-404',
      count: 1,
      data: { clientId: CO, machineName: 'FB-404', count: 3, reasons: ['unknownMachine'] },
    });
  });
});

describe('as it runs in the portal', () => {
  let jobs: Jobs | undefined;
  afterAll(async () => {
    await jobs?.stop();
  });

  it("a notification e-mail whose last attempt fails is dead-lettered by pg-boss, marked failed with the error masked, and the admin hears of it", async () => {
    await readAll();
    const mail = await api.db.insertInto('notification_mails').values({ user_id: people.client.id, digest: false, created_at: new Date(nowMs()) }).returning('id').executeTakeFirstOrThrow();
    await api.db
      .insertInto('notifications')
      .values({
        user_id: people.client.id, company_id: CO, kind: 'invoice.sent', record_type: 'invoice', record_id: '2', order_id: null, label: 'INV-2', fold_key: 'invoice:2',
        actor_kind: 'system', actor_id: 'test', data: '{}', first_sequence: 1, last_sequence: 1, first_at: new Date(nowMs()), occurred_at: new Date(nowMs()), mail_id: mail.id,
      })
      .execute();
    await api.db.insertInto('notification_choices').values({ user_id: people.client.id, kind: 'invoice.sent', delivery: 'immediate' }).execute();
    // Queued as the notifications job queues it (the queue's options, its dead letter), with no retry left.
    const jobId = await api.db.transaction().execute((trx) => sendInTransaction(trx, QUEUES.notificationEmail, { mailId: mail.id }, { singletonKey: `notification-test-${mail.id}` }));
    expect(jobId).not.toBeNull();
    await sql`update pgboss.job set retry_limit = 0 where id = ${jobId}::uuid`.execute(api.db);
    const refusing: MailTransport = {
      send: async () => {
        throw new Error('Invalid login: 535 for smtp://portal:hunter2@mail.example:587');
      },
      close: () => undefined,
    };
    jobs = new Jobs(api.db, { workers: 1, pollSeconds: 0.5, retry: { retryLimit: 0, retryDelay: 1 }, log: api.app.log });
    await jobs.start(notificationJobHandlers(api.db, api.app.config, refusing));
    const failed = await vi.waitFor(
      async () => {
        const row = await api.db.selectFrom('notification_mails').select(['failed_at', 'last_error', 'attempts']).where('id', '=', mail.id).executeTakeFirstOrThrow();
        expect(row.failed_at).not.toBeNull();
        return row;
      },
      { timeout: 30_000, interval: 200 },
    );
    expect(failed.attempts).toBe(1);
    expect(failed.last_error).toContain('Invalid login: 535');
    expect(failed.last_error).not.toContain('hunter2');
    await vi.waitFor(async () => expect(await heardBy('email.failed')).toEqual(['admin']), { timeout: 30_000, interval: 200 });
  });
});

