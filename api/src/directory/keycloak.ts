import type { ClientDirectory, DirectoryClient, DirectoryClientType, DirectoryPerson, DirectoryUser } from './types.js';
import { personOf } from './people.js';
import { RESOURCE_CLIENT, STAFF_ROLES } from '../lib/roles.js';
import { machineNowMs } from '../lib/clock.js';

/** Keycloak's UserRepresentation, the part the directory reads. */
interface KeycloakUser {
  id: string;
  username?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  enabled?: boolean;
  createdTimestamp?: number;
  attributes?: Record<string, string[] | string | undefined>;
}

interface KeycloakGroup {
  id: string;
  name: string;
  subGroups?: KeycloakGroup[];
}

export class DirectoryError extends Error {}

export interface KeycloakDirectoryOptions {
  /** The realm URL, e.g. https://sso.example.com/realms/orders (older servers: .../auth/realms/orders). */
  realmUrl: string;
  clientId: string;
  clientSecret: string;
  /** Name of the group whose members are the client companies. */
  clientGroup: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const PAGE = 100;

function attribute(user: KeycloakUser, name: string): string[] {
  const value = user.attributes?.[name];
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string');
}

const first = (user: KeycloakUser, name: string) => attribute(user, name)[0]?.trim() || null;

/** fbs may be one attribute value per machine or one comma-separated value. */
function machines(user: KeycloakUser): string[] {
  return attribute(user, 'fbs')
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
}

const fullName = (user: KeycloakUser) => [user.firstName, user.lastName].filter(Boolean).join(' ') || null;
const clientTypeOf = (user: KeycloakUser): DirectoryClientType => (first(user, 'clientType') === '1' ? '1' : '0');

/**
 * The directory read from Keycloak's admin REST API with a service account (client credentials): the members
 * of the client group are the client users, their attributes (companyId, company, fbs, address, clientType)
 * describe the company. The service account needs the realm-management roles view-users and query-groups.
 */
export class KeycloakDirectory implements ClientDirectory {
  private readonly baseUrl: string;
  private readonly realm: string;
  private readonly fetch: typeof fetch;
  private token: { value: string; expiresAt: number } | undefined;

  constructor(private readonly options: KeycloakDirectoryOptions) {
    const match = /^(.*)\/realms\/([^/]+)\/?$/.exec(options.realmUrl);
    if (!match) throw new DirectoryError(`KEYCLOAK_ADMIN_URL must be a realm URL such as https://sso.example.com/realms/orders, not ${options.realmUrl}`);
    this.baseUrl = match[1];
    this.realm = decodeURIComponent(match[2]);
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  async listClients(): Promise<DirectoryClient[]> {
    const group = await this.clientGroup();
    const members: KeycloakUser[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const page = await this.admin<KeycloakUser[]>(`/groups/${encodeURIComponent(group.id)}/members?first=${offset}&max=${PAGE}&briefRepresentation=false`);
      members.push(...page);
      if (page.length < PAGE) break;
    }
    // One entry per company: its first (earliest) user speaks for it.
    members.sort((a, b) => (a.createdTimestamp ?? 0) - (b.createdTimestamp ?? 0));
    const clients = new Map<string, DirectoryClient>();
    for (const user of members) {
      const id = first(user, 'companyId') ?? user.id;
      if (clients.has(id)) continue;
      clients.set(id, {
        id,
        company: first(user, 'company') ?? '',
        fbs: machines(user),
        address: first(user, 'address') ?? '',
        clientType: clientTypeOf(user),
        createdTimestamp: user.createdTimestamp ?? 0,
        enabled: user.enabled ?? true,
        email: user.email ?? null,
        fullName: fullName(user),
      });
    }
    return [...clients.values()].sort((a, b) => a.company.localeCompare(b.company) || a.id.localeCompare(b.id));
  }

  async getUser(id: string): Promise<DirectoryUser | undefined> {
    let user = await this.admin<KeycloakUser>(`/users/${encodeURIComponent(id)}`, { allowNotFound: true });
    if (!user) {
      // The directory lists companies by their companyId: find that company's first user.
      const matches = await this.admin<KeycloakUser[]>(`/users?q=${encodeURIComponent(`companyId:${id}`)}&exact=true&briefRepresentation=false&max=${PAGE}`);
      user = matches.sort((a, b) => (a.createdTimestamp ?? 0) - (b.createdTimestamp ?? 0))[0];
    }
    if (!user) return undefined;
    const companyId = first(user, 'companyId');
    const company = first(user, 'company');
    const isClient = Boolean(companyId || company || first(user, 'clientType'));
    return {
      id: user.id,
      username: user.username ?? user.id,
      email: user.email ?? null,
      firstName: user.firstName || null,
      lastName: user.lastName || null,
      fullName: fullName(user),
      enabled: user.enabled ?? true,
      createdTimestamp: user.createdTimestamp ?? 0,
      companyId: companyId ?? (isClient ? user.id : null),
      company,
      fbs: machines(user),
      address: first(user, 'address'),
      clientType: isClient ? clientTypeOf(user) : null,
    };
  }

  /**
   * The people who hold a role of the portal: the users of each resource role of orders-public (admin, operator,
   * accountant, client) and of the realm roles buyer and seller, read a page at a time. A role the realm lacks has
   * no users. Disabled users are left out. The service account needs view-clients besides view-users.
   */
  async listPeople(): Promise<DirectoryPerson[]> {
    const clients = await this.admin<{ id: string; clientId: string }[]>(`/clients?clientId=${encodeURIComponent(RESOURCE_CLIENT)}`);
    const client = clients.find((candidate) => candidate.clientId === RESOURCE_CLIENT);
    const users = new Map<string, { user: KeycloakUser; resource: Set<string>; realm: Set<string> }>();
    const collect = async (path: string, add: (entry: { resource: Set<string>; realm: Set<string> }) => void) => {
      for (let offset = 0; ; offset += PAGE) {
        const page = (await this.admin<KeycloakUser[]>(`${path}?first=${offset}&max=${PAGE}&briefRepresentation=false`, { allowNotFound: true })) ?? [];
        for (const user of page) {
          const entry = users.get(user.id) ?? { user, resource: new Set<string>(), realm: new Set<string>() };
          add(entry);
          users.set(user.id, entry);
        }
        if (page.length < PAGE) break;
      }
    };
    if (client) {
      for (const role of [...STAFF_ROLES, 'client'])
        await collect(`/clients/${encodeURIComponent(client.id)}/roles/${role}/users`, (entry) => entry.resource.add(role));
    }
    for (const role of ['buyer', 'seller']) await collect(`/roles/${role}/users`, (entry) => entry.realm.add(role));
    const people: DirectoryPerson[] = [];
    for (const { user, resource, realm } of users.values()) {
      if (user.enabled === false) continue;
      const isClient = resource.has('client');
      const person = personOf({
        id: user.id,
        companyId: first(user, 'companyId') ?? (isClient ? user.id : null),
        resourceRoles: [...resource],
        realmRoles: [...realm],
        email: user.email ?? null,
        fullName: fullName(user),
      });
      if (person) people.push(person);
    }
    return people.sort((a, b) => a.id.localeCompare(b.id));
  }

  /** One person by subject: the user and their direct role mappings (orders-public's roles, the realm's buyer and seller). */
  async getPerson(id: string): Promise<DirectoryPerson | undefined> {
    const user = await this.admin<KeycloakUser>(`/users/${encodeURIComponent(id)}`, { allowNotFound: true });
    if (!user || user.enabled === false) return undefined;
    const mappings = await this.admin<{ realmMappings?: { name: string }[]; clientMappings?: Record<string, { mappings?: { name: string }[] }> }>(
      `/users/${encodeURIComponent(user.id)}/role-mappings`,
    );
    const resourceRoles = (mappings.clientMappings?.[RESOURCE_CLIENT]?.mappings ?? []).map((role) => role.name);
    return personOf({
      id: user.id,
      companyId: first(user, 'companyId') ?? (resourceRoles.includes('client') ? user.id : null),
      resourceRoles,
      realmRoles: (mappings.realmMappings ?? []).map((role) => role.name),
      email: user.email ?? null,
      fullName: fullName(user),
    });
  }

  private async clientGroup(): Promise<KeycloakGroup> {
    const name = this.options.clientGroup;
    const groups = await this.admin<KeycloakGroup[]>(`/groups?search=${encodeURIComponent(name)}&exact=true`);
    const find = (list: KeycloakGroup[]): KeycloakGroup | undefined => {
      for (const group of list) {
        if (group.name === name) return group;
        const nested = find(group.subGroups ?? []);
        if (nested) return nested;
      }
      return undefined;
    };
    const group = find(groups);
    if (!group) throw new DirectoryError(`Keycloak realm ${this.realm} has no group named ${name} (KEYCLOAK_CLIENT_GROUP).`);
    return group;
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > machineNowMs()) return this.token.value;
    const url = `${this.baseUrl}/realms/${encodeURIComponent(this.realm)}/protocol/openid-connect/token`;
    const response = await this.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: this.options.clientId,
        client_secret: this.options.clientSecret,
      }).toString(),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    if (!response.ok) throw new DirectoryError(`Keycloak refused the directory's service account: HTTP ${response.status} from the token endpoint.`);
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new DirectoryError('Keycloak answered the token request without an access token.');
    const lifetime = Math.max(0, (body.expires_in ?? 60) - 30);
    this.token = { value: body.access_token, expiresAt: machineNowMs() + lifetime * 1000 };
    return body.access_token;
  }

  private async admin<T>(path: string, options: { allowNotFound: true }): Promise<T | undefined>;
  private async admin<T>(path: string): Promise<T>;
  private async admin<T>(path: string, options: { allowNotFound?: boolean } = {}): Promise<T | undefined> {
    const url = `${this.baseUrl}/admin/realms/${encodeURIComponent(this.realm)}${path}`;
    for (let attempt = 0; ; attempt += 1) {
      const response = await this.fetch(url, {
        headers: { authorization: `Bearer ${await this.accessToken()}`, accept: 'application/json' },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
      if (response.status === 401 && attempt === 0) {
        this.token = undefined; // revoked or expired early: fetch a new one once
        continue;
      }
      if (response.status === 404 && options.allowNotFound) return undefined;
      if (!response.ok) throw new DirectoryError(`Keycloak admin API answered HTTP ${response.status} for ${path.split('?')[0]}.`);
      return (await response.json()) as T;
    }
  }
}
