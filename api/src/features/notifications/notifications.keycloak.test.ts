import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/support/test-app.test-utils.js';
import { tokenFor } from '../../../../tests/support/app.test-utils.js';
import { createCompany } from '../../../../tests/support/factories/companies.test-utils.js';
import { loadConfig } from '../../config.js';
import type { Schemas } from '../../lib/contract.js';
import { QUEUES, type JobHandler } from '../../jobs/queue.js';
import { recordEvent, type EventInput } from '../events/events.service.js';
import { createDirectory } from '../../directory/index.js';
import { fileTransport } from '../invoices/mail.js';
import { notificationJobHandlers } from './notifications.jobs.js';
import { deliverNotificationMail } from './notifications.mail.js';

/**
 * With DIRECTORY=keycloak the people who hear an event are the realm's users holding the portal's roles, read through
 * the directory from Keycloak's admin API (a stub of it on loopback, answering as directory.test.ts's does), not the
 * embedded store's users (none here).
 */
const api = useTestApp();
const KC_CO = 'kc-co';
const KC_OTHER = 'kc-other';
let server: Server;
let realmUrl: string;

const user = (id: string, attributes: Record<string, string[]> = {}, extra: Record<string, unknown> = {}) => ({
  id,
  username: id,
  email: `${id}@example.com`,
  firstName: id,
  lastName: 'Keycloak',
  enabled: true,
  attributes,
  ...extra,
});
const admin = user('kc-admin');
const client = user('kc-client', { companyId: [KC_CO] });
const disabledClient = user('kc-gone', { companyId: [KC_CO] }, { enabled: false });
const otherClient = user('kc-other-client', { companyId: [KC_OTHER] });
const holders: Record<string, unknown[]> = {
  '/admin/realms/orders/clients/c-1/roles/admin/users': [admin],
  '/admin/realms/orders/clients/c-1/roles/client/users': [client, disabledClient, otherClient],
};

beforeAll(async () => {
  await createCompany(api.db, KC_CO, { name: 'Keycloak AB' });
  await createCompany(api.db, KC_OTHER, { name: 'Other Keycloak AB' });
  server = createServer((request, response) => {
    const url = new URL(request.url!, 'http://stub');
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    request.resume().on('end', () => {
      if (url.pathname === '/realms/orders/protocol/openid-connect/token') return json(200, { access_token: 'token-1', expires_in: 300 });
      if (request.headers.authorization !== 'Bearer token-1') return json(401, {});
      if (url.pathname === '/admin/realms/orders/clients') return json(200, [{ id: 'c-1', clientId: 'orders-public' }]);
      const mappings = /^\/admin\/realms\/orders\/users\/([^/]+)\/role-mappings$/.exec(url.pathname);
      if (mappings) {
        const roles = mappings[1] === 'kc-admin' ? ['admin'] : ['client'];
        return json(200, { realmMappings: [{ name: 'offline_access' }], clientMappings: { 'orders-public': { mappings: roles.map((name) => ({ name })) } } });
      }
      const one = /^\/admin\/realms\/orders\/users\/([^/]+)$/.exec(url.pathname);
      if (one) {
        const found = [admin, client, disabledClient, otherClient].find((candidate) => candidate.id === one[1]);
        return found ? json(200, found) : json(404, { error: 'User not found' });
      }
      const found = holders[url.pathname];
      if (found) return json(200, Number(url.searchParams.get('first') ?? 0) === 0 ? found : []);
      return json(404, { error: 'Could not find role' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  realmUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/realms/orders`;
});
afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

const keycloakConfig = () =>
  loadConfig({ NODE_ENV: 'test', DIRECTORY: 'keycloak', KEYCLOAK_ADMIN_URL: realmUrl, KEYCLOAK_ADMIN_CLIENT_ID: 'portal-directory', KEYCLOAK_ADMIN_CLIENT_SECRET: 's3cret' });
const record = (event: EventInput) => api.db.transaction().execute((trx) => recordEvent(trx, { system: 'test' }, event));
const unread = async (sub: string, roles: string[], companyId?: string) => {
  const answer = await api.post('Notifications_getNotifications', { pagination: { page: 1, rowsPerPage: 10 }, unreadOnly: true }, { token: await tokenFor({ sub, roles, companyId }) });
  expect(answer.status).toBe(200);
  return (answer.body as unknown as Schemas['NotificationPage']).rows.map((row) => row.kind);
};

describe('recipients from Keycloak (DIRECTORY=keycloak)', () => {
  it("the notifications job, configured for Keycloak, notifies the realm's admin of a new claim and the company's enabled client user of its claim's status; nobody else", async () => {
    const config = keycloakConfig();
    const follow = notificationJobHandlers(api.db, config)[QUEUES.notifications] as JobHandler<never>;
    await follow({} as never);
    await record({ type: 'claim.created', companyId: KC_CO, recordType: 'claim', recordId: 31 });
    await record({ type: 'claim.status_changed', companyId: KC_CO, recordType: 'claim', recordId: 31, data: { from: 'open', to: 'closed' } });
    await follow({} as never);
    expect(await unread('kc-admin', ['admin'])).toEqual(['claim.created']);
    expect(await unread('kc-client', ['client'], KC_CO)).toEqual(['claim.status_changed']);
    expect(await unread('kc-gone', ['client'], KC_CO)).toEqual([]);
    expect(await unread('kc-other-client', ['client'], KC_OTHER)).toEqual([]);
    const names = await api.db.selectFrom('notifications').select('user_id').distinct().execute();
    expect(names.map((row) => row.user_id).sort()).toEqual(['kc-admin', 'kc-client']);
  });

  it("e-mails a Keycloak person at their realm address, linking the record on their face", async () => {
    const config = keycloakConfig();
    await api.db.insertInto('notification_choices').values({ user_id: 'kc-client', kind: 'claim.status_changed', delivery: 'immediate' }).execute();
    const follow = notificationJobHandlers(api.db, config)[QUEUES.notifications] as JobHandler<never>;
    await record({ type: 'claim.status_changed', companyId: KC_CO, recordType: 'claim', recordId: 32, data: { from: 'open', to: 'under investigation' } });
    await follow({} as never);
    const mail = await api.db.selectFrom('notification_mails').select('id').where('user_id', '=', 'kc-client').executeTakeFirstOrThrow();
    const dir = mkdtempSync(path.join(tmpdir(), 'kc-mail-'));
    const outcome = await deliverNotificationMail(api.db, mail.id, { config, transport: fileTransport(dir), unsubscribeKey: Buffer.alloc(32, 1), directory: createDirectory(config, api.db) });
    expect(outcome).toBe('sent');
    const [file] = readdirSync(dir);
    const eml = readFileSync(path.join(dir, file!), 'utf8');
    expect(eml).toMatch(/^To: kc-client@example\.com\r?$/m);
    // The plain-text part (base64): the claim opens on the client face.
    const text = /Content-Type: text\/plain; charset=utf-8\r?\nContent-Transfer-Encoding: base64\r?\n\r?\n([A-Za-z0-9+/=\r\n]+?)\r?\n(?:\r?\n|--)/.exec(eml)![1]!;
    expect(Buffer.from(text.replace(/\s/g, ''), 'base64').toString('utf8')).toContain('/claims/32');
  });
});
