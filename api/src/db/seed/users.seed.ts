import type { Db } from '../database.js';
import { hashPassword } from '../../idp/passwords.js';
import type { Schemas } from '../../lib/contract.js';

/** The password of every demo user. */
export const DEMO_PASSWORD = 'orders-demo';

/** Client companies of the demo data; other features' seeds refer to them by these ids. */
export const NORDIC_SPRINGS = 'nordic-springs';
export const FJORD_WATER = 'fjord-water';
export const BALTIC_BEVERAGES = 'baltic-beverages';
export const AQUA_CONVERTERS = 'aqua-converters';
export const DEMO_COMPANY_IDS = { NORDIC_SPRINGS, FJORD_WATER, BALTIC_BEVERAGES, AQUA_CONVERTERS } as const;

export interface DemoCompany {
  id: string;
  name: string;
  clientType: '0' | '1';
  fbs: string[];
  address: string;
  /** The country's language: the company's documents and e-mails, and its people's default. */
  language: Schemas['Language'];
}

export const DEMO_COMPANIES: readonly DemoCompany[] = [
  { id: NORDIC_SPRINGS, name: 'Nordic Springs AB', clientType: '0', fbs: ['FB-101', 'FB-102'], address: 'Källvägen 12, 553 18 Jönköping, Sweden', language: 'sv' },
  { id: FJORD_WATER, name: 'Fjord Water AS', clientType: '0', fbs: ['FB-201'], address: 'Bryggen 4, 5003 Bergen, Norway', language: 'nb' },
  { id: BALTIC_BEVERAGES, name: 'Baltic Beverages SIA', clientType: '1', fbs: [], address: 'Rūpniecības iela 5, Rīga, Latvia', language: 'lv' },
  { id: AQUA_CONVERTERS, name: 'Aqua Converters Oy', clientType: '0', fbs: ['FB-301'], address: 'Tehtaankatu 8, 33100 Tampere, Finland', language: 'fi' },
];

export interface DemoUser {
  /** Fixed ids, so a fresh database gives the same token subjects. */
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  /** Resource roles of `orders-public`. */
  roles: string[];
  /** Realm roles (buyer, seller). */
  realmRoles: string[];
  companyId: string | null;
}

export const DEMO_USERS: readonly DemoUser[] = [
  { id: '00000000-0000-4000-8000-000000000001', username: 'admin', firstName: 'Alice', lastName: 'Admin', email: 'admin@orders-portal.local', roles: ['admin'], realmRoles: [], companyId: null },
  { id: '00000000-0000-4000-8000-000000000002', username: 'operator', firstName: 'Oscar', lastName: 'Operator', email: 'operator@orders-portal.local', roles: ['operator'], realmRoles: [], companyId: null },
  { id: '00000000-0000-4000-8000-000000000003', username: 'accountant', firstName: 'Anna', lastName: 'Accountant', email: 'accountant@orders-portal.local', roles: ['accountant'], realmRoles: [], companyId: null },
  { id: '00000000-0000-4000-8000-000000000004', username: 'client', firstName: 'Clara', lastName: 'Client', email: 'clara@nordicsprings.example', roles: ['client'], realmRoles: [], companyId: NORDIC_SPRINGS },
  { id: '00000000-0000-4000-8000-000000000005', username: 'client2', firstName: 'Carl', lastName: 'Client', email: 'carl@fjordwater.example', roles: ['client'], realmRoles: [], companyId: FJORD_WATER },
  { id: '00000000-0000-4000-8000-000000000006', username: 'buyer', firstName: 'Bruno', lastName: 'Buyer', email: 'bruno@balticbeverages.example', roles: ['client'], realmRoles: ['buyer'], companyId: BALTIC_BEVERAGES },
  { id: '00000000-0000-4000-8000-000000000007', username: 'seller', firstName: 'Selma', lastName: 'Seller', email: 'selma@aquaconverters.example', roles: ['client'], realmRoles: ['seller'], companyId: AQUA_CONVERTERS },
  { id: '00000000-0000-4000-8000-000000000008', username: 'guest', firstName: 'Gus', lastName: 'Guest', email: 'guest@orders-portal.local', roles: [], realmRoles: [], companyId: null },
];

/** The demo user with this username (throws for an unknown one: a typo in a test should fail loudly). */
export function demoUser(username: string): DemoUser {
  const user = DEMO_USERS.find((candidate) => candidate.username === username);
  if (!user) throw new Error(`no demo user ${username}`);
  return user;
}

/** Demo companies and users (password `orders-demo`); returns false when there already are users. */
export async function seedUsers(db: Db): Promise<boolean> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const hashes = await Promise.all(DEMO_USERS.map(() => hashPassword(DEMO_PASSWORD)));
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('companies')
      .values(DEMO_COMPANIES.map((company) => ({ id: company.id, name: company.name, client_type: company.clientType, fbs: company.fbs, address: company.address, language: company.language })))
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await trx
      .insertInto('users')
      .values(
        DEMO_USERS.map((user, index) => ({
          id: user.id,
          username: user.username,
          email: user.email,
          first_name: user.firstName,
          last_name: user.lastName,
          password_hash: hashes[index],
          company_id: user.companyId,
          resource_roles: user.roles,
          realm_roles: user.realmRoles,
        })),
      )
      .execute();
  });
  return true;
}
