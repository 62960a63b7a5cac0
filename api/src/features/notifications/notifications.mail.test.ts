import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { useTestApp } from '../../../../tests/support/test-app.js';
import { tokenFor } from '../../../../tests/support/app.js';
import { freePort, TestSmtpServer } from '../../../../tests/support/smtp.js';
import { pinClock } from '../../lib/clock.js';
import type { Actor } from '../../lib/actor.js';
import type { Schemas } from '../../lib/contract.js';
import { Jobs, QUEUES, type JobHandler } from '../../jobs/queue.js';
import { smtpTransport } from '../invoices/mail.js';
import { recordEvent, type EventInput } from '../events/events.service.js';
import { notificationJobHandlers } from './notifications.jobs.js';
import { queueDigests, renderMail } from './notifications.mail.js';
import { unsubscribeToken } from './notifications.unsubscribe.js';
import { translator } from '../../lib/i18n.js';
import { followEventLog } from './notifications.service.js';

/**
 * E-mail as each person chooses, through the job queue and a real SMTP server (smtp-server on a loopback port). The
 * API only queues (JOBS_WORKERS=0); one worker here delivers, with short retries, and its first attempt of every job
 * fails after the message went out (a worker that lost the job after the send), so the queue retries each job once.
 */
const smtp = new TestSmtpServer(await freePort());
await smtp.start();
const api = useTestApp({ SMTP_URL: smtp.url, JOBS_WORKERS: '0', UNSUBSCRIBE_HMAC_KEY: Buffer.alloc(32, 7).toString('base64'), RATE_LIMIT_LOGIN_PER_MINUTE: '5' });
const WAIT = { timeout: 30_000, interval: 100 };

let jobs: Jobs;
let admin: { id: string; token: string; actor: Actor };
const ADDRESS = 'mail-admin@example.com';

beforeAll(async () => {
  const { id } = await api.db
    .insertInto('users')
    .values({ username: 'mailadmin', first_name: 'Mia', last_name: 'Mailer', password_hash: 'x', company_id: null, resource_roles: ['admin'], realm_roles: [], email: ADDRESS })
    .returning('id')
    .executeTakeFirstOrThrow();
  admin = { id, token: await tokenFor({ sub: id, roles: ['admin'], name: 'Mia Mailer' }), actor: { sub: id, roles: new Set(), clientType: null, companyId: null, name: 'Mia', email: null } };
  await followEventLog(api.db);
  const transport = smtpTransport(smtp.url);
  const handlers = notificationJobHandlers(api.db, api.app.config, transport);
  const deliver = handlers[QUEUES.notificationEmail]! as JobHandler<{ mailId: number }>;
  const failingOnce: JobHandler<{ mailId: number }> = async (job) => {
    await deliver(job);
    if (job.retryCount === 0) throw new Error('the worker lost the job after the send');
  };
  jobs = new Jobs(api.db, { workers: 1, pollSeconds: 0.5, retry: { retryLimit: 3, retryDelay: 1 }, log: api.app.log });
  await jobs.start({ [QUEUES.notificationEmail]: failingOnce as JobHandler<never> });
  // The queue's own retry delay (30 s) is too long for a test: the same policy, shorter.
  await sql`update pgboss.queue set retry_delay = 1 where name = ${QUEUES.notificationEmail}`.execute(api.db);
});

afterAll(async () => {
  pinClock(undefined);
  await jobs.stop();
  await smtp.stop();
});

const save = (body: Schemas['NotificationPreferencesInput']) => api.post('Notifications_savePreferences', body, { token: admin.token });
const preferences = async () => (await api.post('Notifications_getPreferences', {}, { token: admin.token })).body as unknown as Schemas['NotificationPreferences'];
const record = (event: EventInput) => api.db.transaction().execute((trx) => recordEvent(trx, { system: 'test' }, event));
const claimCreated = (id: number): EventInput => ({ type: 'claim.created', companyId: null as never, recordType: 'claim', recordId: id, data: {} });
const orderCreated = (id: number): EventInput => ({ type: 'order.created', companyId: null as never, recordType: 'order', recordId: id, data: {} });
const unfinished = async () => {
  const { rows } = await sql<{ count: number }>`select count(*)::int as count from pgboss.job where name = ${QUEUES.notificationEmail} and state::text in ('created', 'retry', 'active')`.execute(api.db);
  return rows[0].count;
};
/** The raw message as text: header lines unfolded, quoted-printable soft breaks joined. */
const readable = (raw: string) => raw.replace(/\r\n[ \t]+/g, ' ').replace(/=\r\n/g, '').replace(/=3D/g, '=');

describe('e-mail choices per person and kind', () => {
  it('a person never saved: every kind in the portal only, the digest at 08:00 UTC, and their address', async () => {
    const mine = await preferences();
    expect(mine.choices.every((choice) => choice.delivery === 'portal')).toBe(true);
    expect(mine.choices.map((choice) => choice.kind)).toContain('claim.created');
    expect(mine).toMatchObject({ digestHour: 8, timeZone: 'UTC', email: ADDRESS });
  });

  it('saves them for the caller only; an unknown time zone answers 400 naming timeZone and saves nothing', async () => {
    const refused = await save({ choices: [{ kind: 'claim.created', delivery: 'digest' }], digestHour: 7, timeZone: 'Europe/Atlantis' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('timeZone');
    expect((await preferences()).timeZone).toBe('UTC');
    const saved = await save({ choices: [{ kind: 'claim.created', delivery: 'immediate' }], digestHour: 7, timeZone: 'Europe/Helsinki' });
    expect(saved.status).toBe(200);
    expect((await preferences()).choices.find((choice) => choice.kind === 'claim.created')?.delivery).toBe('immediate');
  });

  it("are the caller's own: another person saving theirs changes nothing of the first one's", async () => {
    const { id } = await api.db
      .insertInto('users')
      .values({ username: 'mailother', first_name: 'Otto', last_name: 'Other', password_hash: 'x', company_id: null, resource_roles: ['operator'], realm_roles: [], email: 'other@example.com' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const other = await tokenFor({ sub: id, roles: ['operator'], name: 'Otto Other' });
    const theirs = await api.post('Notifications_getPreferences', {}, { token: other });
    expect(theirs.body).toMatchObject({ timeZone: 'UTC', email: 'other@example.com' });
    const saved = await api.post('Notifications_savePreferences', { choices: [{ kind: 'claim.created', delivery: 'digest' }], digestHour: 23, timeZone: 'Asia/Tokyo' }, { token: other });
    expect(saved.status).toBe(200);
    expect(await preferences()).toMatchObject({ digestHour: 7, timeZone: 'Europe/Helsinki', email: ADDRESS });
    expect((await preferences()).choices.find((choice) => choice.kind === 'claim.created')?.delivery).toBe('immediate');
  });
});

describe('e-mail at once, and the one-click unsubscribe', { timeout: 60_000 }, () => {
  let unsubscribeUrl: string;

  it('arrives once after the job is retried, with a text and an HTML part, the link to the record and List-Unsubscribe (RFC 8058)', async () => {
    await save({ choices: [{ kind: 'claim.created', delivery: 'immediate' }], digestHour: 7, timeZone: 'Europe/Helsinki' });
    const before = smtp.to(ADDRESS).length;
    await record(claimCreated(4711));
    await followEventLog(api.db);
    await vi.waitFor(async () => {
      const { rows } = await sql<{ retry_count: number }>`select retry_count from pgboss.job where name = ${QUEUES.notificationEmail} and state = 'completed'`.execute(api.db);
      expect(rows.map((row) => row.retry_count)).toContain(1);
      expect(await unfinished()).toBe(0);
    }, WAIT);
    const mails = smtp.to(ADDRESS).slice(before);
    expect(mails).toHaveLength(1);
    const raw = readable(mails[0].raw);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
    expect(raw).toContain(`${api.app.config.publicUrl.replace(/\/$/, '')}/claims/4711`);
    expect(raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    const header = /List-Unsubscribe: <([^>]+)>/.exec(raw);
    expect(header?.[1]).toMatch(/\/api\/notifications\/unsubscribe\?token=/);
    unsubscribeUrl = header![1];
  });

  it('opening the link (GET) only asks; the one-click POST without sign-in turns that kind off; a changed token does nothing', async () => {
    const path = new URL(unsubscribeUrl).pathname + new URL(unsubscribeUrl).search;
    const asked = await api.app.inject({ method: 'GET', url: path });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('<form method="post"');
    expect((await preferences()).choices.find((choice) => choice.kind === 'claim.created')?.delivery).toBe('immediate');

    // The same signature over another kind: the token names what it turns off, and nothing else passes.
    const token = new URL(unsubscribeUrl).searchParams.get('token')!.split('.');
    const otherKind = `/api/notifications/unsubscribe?token=${[token[0], Buffer.from('order.created').toString('base64url'), token[2]].join('.')}`;
    const forged = await api.app.inject({ method: 'POST', url: otherKind, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(forged.statusCode).toBe(400);
    expect((await preferences()).choices.find((choice) => choice.kind === 'claim.created')?.delivery).toBe('immediate');

    const done = await api.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(done.statusCode).toBe(200);
    expect((await preferences()).choices.find((choice) => choice.kind === 'claim.created')?.delivery).toBe('portal');

    // And no e-mail for the next one.
    const before = smtp.to(ADDRESS).length;
    await record(claimCreated(4712));
    await followEventLog(api.db);
    expect(await unfinished()).toBe(0);
    expect(smtp.to(ADDRESS).length).toBe(before);
  });
});

describe('the daily digest', { timeout: 60_000 }, () => {
  it("gathers the day's notifications at the chosen hour in Europe/Helsinki, once", async () => {
    await save({ choices: [{ kind: 'order.created', delivery: 'digest' }], digestHour: 7, timeZone: 'Europe/Helsinki' });
    // 2027-03-10 06:40 in Helsinki (UTC+2): two new orders, before the hour.
    pinClock('2027-03-10T04:40:00Z');
    await record(orderCreated(9101));
    await record(orderCreated(9102));
    await followEventLog(api.db);
    expect(await queueDigests(api.db)).toBe(0);
    // 07:00 in Helsinki: one digest; a second run at 07:15 queues none.
    pinClock('2027-03-10T05:00:00Z');
    const before = smtp.to(ADDRESS).length;
    expect(await queueDigests(api.db)).toBe(1);
    pinClock('2027-03-10T05:15:00Z');
    expect(await queueDigests(api.db)).toBe(0);
    await vi.waitFor(async () => {
      expect(smtp.to(ADDRESS).length - before).toBe(1);
      expect(await unfinished()).toBe(0);
    }, WAIT);
    const raw = readable(smtp.to(ADDRESS).at(-1)!.raw);
    expect(raw).toContain('Subject: Your daily digest: 2 notifications');
    expect(raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    expect(smtp.to(ADDRESS).length - before).toBe(1);
  });
});

describe("in the person's language", () => {
  it('an e-mail and the unsubscribe page speak Finnish to a person who chose it: texts, dates and the lang attribute', async () => {
    const l = await translator('fi');
    const mail = renderMail(
      [{ id: 1, kind: 'claim.created', record_type: 'claim', record_id: '4713', order_id: null, label: null, actor_name: 'Aino Aalto', count: 2, occurred_at: new Date('2027-03-10T05:00:00Z') }],
      { publicUrl: 'https://portal.example/', face: 'admin', digest: false, unsubscribe: () => 'https://portal.example/u', l },
    );
    expect(mail.subject).toBe('Uusi reklamaatio (2): Reklamaatio 4713');
    expect(mail.text).toBe(
      'Uusi reklamaatio (2): Reklamaatio 4713 tekijä: Aino Aalto, 10.03.2027 klo 05:00 UTC\nhttps://portal.example/claims/4713\n\n' +
        'Lopeta nämä sähköpostit (Uusi reklamaatio): https://portal.example/u\nValitse, mistä ja miten saat tietoa: https://portal.example/notifications/settings',
    );
    expect(mail.html).toContain('<html lang="fi">');
    const digest = renderMail(
      [1, 2, 3].map((id) => ({ id, kind: 'order.created' as const, record_type: 'order', record_id: String(id), order_id: id, label: `PO-${id}`, actor_name: null, count: 1, occurred_at: new Date('2027-03-10T05:00:00Z') })),
      { publicUrl: 'https://portal.example', face: 'client', digest: true, unsubscribe: () => 'https://portal.example/u', l },
    );
    expect(digest.subject).toBe('Päivän kooste: 3 ilmoitusta');

    expect((await api.post('Session_chooseLanguage', { language: 'fi' }, { token: admin.token })).status).toBe(200);
    try {
      const token = unsubscribeToken(Buffer.alloc(32, 7), admin.id, 'claim.created');
      const page = await api.app.inject({ method: 'GET', url: `/api/notifications/unsubscribe?token=${token}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<html lang="fi">');
      expect(page.body).toContain('Lopetetaanko nämä sähköpostit?');
      expect(page.body).toContain('Et saa enää sähköpostia aiheesta <strong>Uusi reklamaatio</strong>');
      expect(page.body).toContain('>Peru tilaus</button>');
    } finally {
      await api.post('Session_chooseLanguage', { language: null }, { token: admin.token });
    }
  });
});

describe('the public unsubscribe endpoint', () => {
  it('is limited per client address (429 with Retry-After), as the sign-in form is', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await api.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe?token=a.b.c' }));
    expect(answers.map((answer) => answer.statusCode)).toContain(400);
    expect(answers.at(-1)!.statusCode).toBe(429);
    expect(Number(answers.at(-1)!.headers['retry-after'])).toBeGreaterThan(0);
  });
});
