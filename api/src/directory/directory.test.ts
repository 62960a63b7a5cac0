import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db.test-utils.js';
import { loadConfig } from '../config.js';
import { AQUA_CONVERTERS, BALTIC_BEVERAGES, FJORD_WATER, NORDIC_SPRINGS, demoUser, seedUsers } from '../db/seed/users.seed.js';
import { createDirectory, DirectoryConfigurationError, EmbeddedDirectory, KeycloakDirectory } from './index.js';

describe('EmbeddedDirectory', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedUsers(database.db);
  });
  afterAll(async () => database?.drop());

  it('lists one entry per client company with its first user', async () => {
    const clients = await createDirectory(loadConfig({ NODE_ENV: 'test' }), database.db).listClients();
    expect(clients.map((client) => client.id)).toEqual([AQUA_CONVERTERS, BALTIC_BEVERAGES, FJORD_WATER, NORDIC_SPRINGS]);
    const nordic = clients.find((client) => client.id === NORDIC_SPRINGS)!;
    expect(nordic).toMatchObject({
      company: 'Nordic Springs AB',
      fbs: ['FB-101', 'FB-102'],
      clientType: '0',
      enabled: true,
      email: demoUser('client').email,
      fullName: 'Clara Client',
    });
    expect(nordic.createdTimestamp).toBeGreaterThan(Date.UTC(2020, 0, 1));
    expect(clients.find((client) => client.id === BALTIC_BEVERAGES)).toMatchObject({ clientType: '1', fbs: [], fullName: 'Bruno Buyer' });
  });

  it('lists a company without users, and a disabled company as disabled', async () => {
    await database.db.insertInto('companies').values({ id: 'empty-co', name: 'Empty Co', enabled: false }).execute();
    const clients = await new EmbeddedDirectory(database.db).listClients();
    expect(clients.find((client) => client.id === 'empty-co')).toMatchObject({ enabled: false, email: null, fullName: null, fbs: [], clientType: '0' });
  });

  it('finds a user by id, or a company by its id, and nothing for unknown ids', async () => {
    const directory = new EmbeddedDirectory(database.db);
    const seller = await directory.getUser(demoUser('seller').id);
    expect(seller).toMatchObject({ username: 'seller', fullName: 'Selma Seller', companyId: AQUA_CONVERTERS, company: 'Aqua Converters Oy', fbs: ['FB-301'], clientType: '0', enabled: true });
    expect(await directory.getUser(FJORD_WATER)).toMatchObject({ username: 'client2', companyId: FJORD_WATER });
    expect(await directory.getUser(demoUser('admin').id)).toMatchObject({ companyId: null, clientType: null, fbs: [] });
    expect(await directory.getUser('00000000-0000-4000-8000-00000000ffff')).toBeUndefined();
    expect(await directory.getUser('no-such-company')).toBeUndefined();
  });

  it('lists the enabled people who hold a role, with their roles as their tokens carry them (a guest holds none)', async () => {
    const people = await new EmbeddedDirectory(database.db).listPeople();
    const byName = new Map(people.map((person) => [person.fullName, person]));
    expect(byName.get('Alice Admin')).toMatchObject({ id: demoUser('admin').id, companyId: null, staffRoles: ['admin'], clientType: null });
    expect(byName.get('Anna Accountant')).toMatchObject({ staffRoles: ['accountant'], clientType: null });
    expect(byName.get('Bruno Buyer')).toMatchObject({ companyId: BALTIC_BEVERAGES, staffRoles: [], clientType: 'buyer', email: demoUser('buyer').email });
    expect(byName.get('Selma Seller')).toMatchObject({ companyId: AQUA_CONVERTERS, clientType: 'seller' });
    expect(byName.has('Gus Guest')).toBe(false);
    await database.db.updateTable('users').set({ enabled: false }).where('id', '=', demoUser('seller').id).execute();
    expect((await new EmbeddedDirectory(database.db).listPeople()).map((person) => person.id)).not.toContain(demoUser('seller').id);
  });
});

describe('KeycloakDirectory', () => {
  let server: Server;
  let realmUrl: string;
  const requests: { method: string; url: string; authorization?: string; body?: string }[] = [];
  let tokensIssued = 0;

  const member = (id: string, created: number, attributes: Record<string, string[]>, extra: Record<string, unknown> = {}) => ({
    id,
    username: id,
    email: `${id}@example.com`,
    firstName: 'First',
    lastName: id,
    enabled: true,
    createdTimestamp: created,
    attributes,
    ...extra,
  });
  const members = [
    member('u-2', 2000, { companyId: ['acme'], company: ['Acme AB'], fbs: ['FB-1', 'FB-2'], address: ['Street 1'], clientType: ['0'] }),
    member('u-1', 1000, { companyId: ['acme'], company: ['Acme AB'], fbs: ['FB-1'], address: ['Street 1'], clientType: ['0'] }),
    member('u-3', 3000, { companyId: ['buyco'], company: ['Buy Co'], fbs: ['FB-7, FB-8'], clientType: ['1'] }, { enabled: false }),
    member('u-4', 4000, { company: ['Zeta'] }),
  ];
  // Staff are no group's members: they hold resource roles of orders-public.
  const staff = [member('s-1', 500, {}, { firstName: 'Ada', lastName: 'Admin' }), member('s-2', 600, {}, { firstName: 'Acc', lastName: 'Ountant' })];
  /** Who holds which role: resource roles of orders-public, realm roles buyer and seller. */
  const roleUsers: Record<string, typeof members> = {
    'client:admin': [staff[0]!],
    'client:accountant': [staff[1]!, staff[0]!],
    'client:client': [members[0]!, members[1]!, members[2]!],
    'realm:seller': [members[0]!],
    'realm:buyer': [members[2]!],
  };

  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => resolve(body));
    });

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      const body = await readBody(request);
      requests.push({ method: request.method!, url: request.url!, authorization: request.headers.authorization, body });
      const url = new URL(request.url!, 'http://stub');
      const json = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (url.pathname === '/realms/orders/protocol/openid-connect/token') {
        const form = new URLSearchParams(body);
        if (form.get('grant_type') !== 'client_credentials' || form.get('client_id') !== 'portal-directory' || form.get('client_secret') !== 's3cret') {
          return json(401, { error: 'unauthorized_client' });
        }
        tokensIssued += 1;
        return json(200, { access_token: `token-${tokensIssued}`, expires_in: 300, token_type: 'Bearer' });
      }
      if (!request.headers.authorization?.startsWith('Bearer token-')) return json(401, { error: 'HTTP 401 Unauthorized' });
      if (url.pathname === '/admin/realms/orders/groups') {
        return json(200, [{ id: 'g-parent', name: 'clients-archive', subGroups: [] }, { id: 'g-clients', name: 'clients', subGroups: [] }]);
      }
      if (url.pathname === '/admin/realms/orders/groups/g-clients/members') {
        const offset = Number(url.searchParams.get('first') ?? 0);
        const max = Number(url.searchParams.get('max') ?? 100);
        return json(200, members.slice(offset, offset + max));
      }
      const userMatch = /^\/admin\/realms\/orders\/users\/([^/]+)$/.exec(url.pathname);
      if (userMatch) {
        const user = members.find((candidate) => candidate.id === decodeURIComponent(userMatch[1]));
        return user ? json(200, user) : json(404, { error: 'User not found' });
      }
      if (url.pathname === '/admin/realms/orders/clients') {
        return json(200, url.searchParams.get('clientId') === 'orders-public' ? [{ id: 'c-uuid', clientId: 'orders-public' }] : []);
      }
      const roleMatch = /^\/admin\/realms\/orders\/(?:clients\/c-uuid\/roles|roles)\/([^/]+)\/users$/.exec(url.pathname);
      if (roleMatch) {
        const holders = roleUsers[`${url.pathname.includes('/clients/') ? 'client' : 'realm'}:${roleMatch[1]}`];
        if (!holders) return json(404, { error: 'Could not find role' });
        const offset = Number(url.searchParams.get('first') ?? 0);
        return json(200, holders.slice(offset, offset + Number(url.searchParams.get('max') ?? 100)));
      }
      if (url.pathname === '/admin/realms/orders/users') {
        const [key, value] = (url.searchParams.get('q') ?? '').split(':');
        return json(200, members.filter((candidate) => (candidate.attributes as Record<string, string[]>)[key]?.includes(value)));
      }
      return json(404, { error: 'not found' });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    realmUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/realms/orders`;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  const directory = () =>
    createDirectory(
      loadConfig({
        NODE_ENV: 'test',
        DIRECTORY: 'keycloak',
        KEYCLOAK_ADMIN_URL: realmUrl,
        KEYCLOAK_ADMIN_CLIENT_ID: 'portal-directory',
        KEYCLOAK_ADMIN_CLIENT_SECRET: 's3cret',
      }),
      undefined as never,
    );

  it('is chosen by DIRECTORY=keycloak and needs its settings', () => {
    expect(directory()).toBeInstanceOf(KeycloakDirectory);
    expect(() => createDirectory(loadConfig({ NODE_ENV: 'test', DIRECTORY: 'keycloak' }), undefined as never)).toThrow(DirectoryConfigurationError);
  });

  it('lists the client group members as one entry per company, with a service-account token', async () => {
    requests.length = 0;
    const clients = await directory().listClients();
    expect(clients).toEqual([
      { id: 'acme', company: 'Acme AB', fbs: ['FB-1'], address: 'Street 1', clientType: '0', createdTimestamp: 1000, enabled: true, email: 'u-1@example.com', fullName: 'First u-1' },
      { id: 'buyco', company: 'Buy Co', fbs: ['FB-7', 'FB-8'], address: '', clientType: '1', createdTimestamp: 3000, enabled: false, email: 'u-3@example.com', fullName: 'First u-3' },
      { id: 'u-4', company: 'Zeta', fbs: [], address: '', clientType: '0', createdTimestamp: 4000, enabled: true, email: 'u-4@example.com', fullName: 'First u-4' },
    ]);
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/realms/orders/protocol/openid-connect/token' });
    const groupSearch = requests.find((request) => request.url.startsWith('/admin/realms/orders/groups?'));
    expect(new URL(groupSearch!.url, 'http://stub').searchParams.get('search')).toBe('clients');
    expect(requests.filter((request) => request.url.startsWith('/admin/')).every((request) => request.authorization?.startsWith('Bearer token-'))).toBe(true);
  });

  it('reads a user by id, falls back to a company id, and answers undefined for unknown ids', async () => {
    const keycloak = directory();
    expect(await keycloak.getUser('u-3')).toMatchObject({ id: 'u-3', companyId: 'buyco', company: 'Buy Co', clientType: '1', fbs: ['FB-7', 'FB-8'], enabled: false });
    expect(await keycloak.getUser('acme')).toMatchObject({ id: 'u-1', companyId: 'acme' });
    expect(await keycloak.getUser('nobody')).toBeUndefined();
  });

  it('lists the enabled people with their roles as their tokens would carry them: staff by resource role, client users by company and type', async () => {
    requests.length = 0;
    const people = await directory().listPeople();
    expect(people).toEqual([
      { id: 's-1', companyId: null, staffRoles: ['admin', 'accountant'], clientType: null, email: 's-1@example.com', fullName: 'Ada Admin' },
      { id: 's-2', companyId: null, staffRoles: ['accountant'], clientType: null, email: 's-2@example.com', fullName: 'Acc Ountant' },
      { id: 'u-1', companyId: 'acme', staffRoles: [], clientType: 'client', email: 'u-1@example.com', fullName: 'First u-1' },
      { id: 'u-2', companyId: 'acme', staffRoles: [], clientType: 'seller', email: 'u-2@example.com', fullName: 'First u-2' },
    ]);
    // Role holders are read with their attributes (the company), each with the service account's token.
    const roleReads = requests.filter((request) => request.url.includes('/users?'));
    expect(roleReads.length).toBeGreaterThan(0);
    expect(roleReads.every((request) => new URL(request.url, 'http://stub').searchParams.get('briefRepresentation') === 'false')).toBe(true);
    expect(roleReads.every((request) => request.authorization?.startsWith('Bearer token-'))).toBe(true);
  });

  it('fails clearly when the service account is refused', async () => {
    const refused = new KeycloakDirectory({ realmUrl, clientId: 'portal-directory', clientSecret: 'wrong', clientGroup: 'clients' });
    await expect(refused.listClients()).rejects.toThrow(/HTTP 401 from the token endpoint/);
    const missingGroup = new KeycloakDirectory({ realmUrl, clientId: 'portal-directory', clientSecret: 's3cret', clientGroup: 'nope' });
    await expect(missingGroup.listClients()).rejects.toThrow(/no group named nope/);
  });
});
