import { beforeAll, describe, expect, it } from 'vitest';
import { as, testConfig, tokenFor } from '../../../../tests/support/app.test-utils.js';
import { useTestApp } from '../../../../tests/support/test-app.test-utils.js';
import { COMPANY_A, COMPANY_B, createCompany, createTwoCompanies } from '../../../../tests/support/factories/companies.test-utils.js';

const api = useTestApp();

beforeAll(async () => {
  await createTwoCompanies(api.db);
  await createCompany(api.db, 'company-buyer', { name: 'Baltic Beverages SIA', clientType: '1' });
});

const me = async (token?: string) => {
  const { status, body } = await api.post('Session_getMe', undefined, token === undefined ? undefined : { token });
  return { status, body };
};

describe('GET /api/me', () => {
  it('answers 401 without a token', async () => {
    expect((await me()).status).toBe(401);
  });

  it('an admin gets the admin face, the welcome name and the documents role admin, without client fields', async () => {
    const response = await me(await as.admin());
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: 'admin-1',
      roles: ['admin'],
      face: 'admin',
      company: null,
      fullName: 'Alice Admin',
      email: null,
      documentsRole: 'admin',
      supportEmail: testConfig.CONTACT_EMAIL,
    });
  });

  it('a client user gets the client face with type, company id and name, clientType attribute and documents role client', async () => {
    const token = await tokenFor({ sub: 'karin', roles: ['client'], companyId: COMPANY_A, name: 'Karin Lindqvist' });
    const response = await me(token);
    expect(response.body).toMatchObject({
      id: 'karin',
      roles: ['client'],
      face: 'client',
      clientType: 'client',
      clientId: COMPANY_A,
      company: 'Company A',
      fullName: 'Karin Lindqvist',
      clientTypeAttribute: '0',
      documentsRole: 'client',
    });
  });

  it('buyers and sellers get their client type and no documents role (Invoices is for client users only)', async () => {
    const buyer = (await me(await as.buyer('company-buyer'))).body;
    expect(buyer).toMatchObject({ face: 'client', roles: ['buyer'], clientType: 'buyer', company: 'Baltic Beverages SIA', clientTypeAttribute: '1' });
    expect(buyer.documentsRole).toBeUndefined();
    const seller = (await me(await as.seller(COMPANY_B))).body;
    expect(seller).toMatchObject({ face: 'client', roles: ['seller'], clientType: 'seller', clientId: COMPANY_B, company: 'Company B' });
    expect(seller.documentsRole).toBeUndefined();
  });

  it('chooses the face in the order admin, client, operator, accountant (part 6)', async () => {
    expect((await me(await tokenFor({ roles: ['operator', 'accountant'] }))).body).toMatchObject({ face: 'operator', documentsRole: 'accountant' });
    expect((await me(await as.accountant())).body).toMatchObject({ face: 'accountant', roles: ['accountant'], documentsRole: 'accountant' });
    expect((await me(await tokenFor({ roles: ['admin', 'client'], companyId: COMPANY_A }))).body).toMatchObject({ face: 'admin' });
  });

  it('a user without portal roles is a guest with the contact address for the guest page', async () => {
    const response = await me(await as.guest());
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ face: 'guest', roles: [], supportEmail: testConfig.CONTACT_EMAIL });
    expect(response.body.clientId).toBeUndefined();
    expect(response.body.documentsRole).toBeUndefined();
  });

  it('names only the caller\'s own company, taken from the token, never another one', async () => {
    const b = (await me(await as.client(COMPANY_B))).body;
    expect(b).toMatchObject({ clientId: COMPANY_B, company: 'Company B' });
  });
});
