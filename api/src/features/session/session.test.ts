import { beforeAll, describe, expect, it } from 'vitest';
import { as, testConfig, tokenFor } from '../../../../tests/support/app.js';
import { useTestApp } from '../../../../tests/support/test-app.js';
import { COMPANY_A, COMPANY_B, createCompany, createTwoCompanies } from '../../../../tests/support/factories/companies.js';

const api = useTestApp();

beforeAll(async () => {
  await createTwoCompanies(api.db);
  await createCompany(api.db, 'company-buyer', { name: 'Baltic Beverages SIA', clientType: '1' });
  await api.db.updateTable('companies').set({ language: 'lv' }).where('id', '=', 'company-buyer').execute();
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
      language: null,
      companyLanguage: 'en',
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

describe('POST /api/me/language', () => {
  const choose = async (language: 'en' | 'sv' | 'fi' | 'nb' | 'lv' | null, token: string) =>
    api.post('Session_chooseLanguage', { language }, { token });
  const stored = (userId: string) => api.db.selectFrom('user_languages').selectAll().where('user_id', '=', userId).execute();
  const audited = (userId: string) =>
    api.db.selectFrom('audit_log').select(['subject', 'details']).where('operation', '=', 'chooseLanguage').where('record_id', '=', userId).orderBy('seq').execute();

  it('a person has not chosen a language until they do; the company language is their company\'s, the plant\'s en for staff', async () => {
    expect((await me(await as.buyer('company-buyer'))).body).toMatchObject({ language: null, companyLanguage: 'lv' });
    expect((await me(await as.client(COMPANY_A))).body).toMatchObject({ language: null, companyLanguage: 'en' });
    expect((await me(await as.operator())).body).toMatchObject({ language: null, companyLanguage: 'en' });
  });

  it('the choice is the person\'s, answered at once and read back in me, audited; null forgets it', async () => {
    const token = await tokenFor({ sub: 'liga', roles: ['client'], realm: ['buyer'], companyId: 'company-buyer', name: 'Līga Ozola' });
    const chosen = await choose('sv', token);
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({ id: 'liga', language: 'sv', companyLanguage: 'lv', company: 'Baltic Beverages SIA' });
    expect((await me(token)).body).toMatchObject({ language: 'sv', companyLanguage: 'lv' });
    expect(await stored('liga')).toEqual([{ user_id: 'liga', language: 'sv' }]);

    expect((await choose('fi', token)).body).toMatchObject({ language: 'fi' });
    expect((await me(token)).body).toMatchObject({ language: 'fi' });
    // Another person of the same company keeps their own (no) choice.
    expect((await me(await tokenFor({ sub: 'other', roles: ['client'], realm: ['buyer'], companyId: 'company-buyer' }))).body).toMatchObject({ language: null });

    const reset = await choose(null, token);
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ language: null, companyLanguage: 'lv' });
    expect((await me(token)).body).toMatchObject({ language: null });
    expect(await stored('liga')).toEqual([]);
    expect(await audited('liga')).toEqual([
      { subject: 'liga', details: { language: 'sv' } },
      { subject: 'liga', details: { language: 'fi' } },
      { subject: 'liga', details: { language: null } },
    ]);
  });

  it('a language that is not one of the five answers 400 naming language and writes nothing', async () => {
    const token = await tokenFor({ sub: 'erik', roles: ['client'], companyId: COMPANY_A });
    await choose('nb', token);
    for (const language of ['de', 'no', 'EN', '', 7]) {
      const response = await api.post('Session_chooseLanguage', { language } as never, { token });
      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body)).toContain('language');
    }
    const missing = await api.post('Session_chooseLanguage', {} as never, { token });
    expect(missing.status).toBe(400);
    expect(await stored('erik')).toEqual([{ user_id: 'erik', language: 'nb' }]);
    expect(await audited('erik')).toHaveLength(1);
  });

  it('a guest may choose too', async () => {
    const token = await tokenFor({ sub: 'guest-language', roles: [] });
    const response = await choose('lv', token);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ face: 'guest', language: 'lv', companyLanguage: 'en' });
    expect(await stored('guest-language')).toEqual([{ user_id: 'guest-language', language: 'lv' }]);
  });

  it('answers 401 without a token and writes nothing', async () => {
    const response = await api.post('Session_chooseLanguage', { language: 'sv' });
    expect(response.status).toBe(401);
    expect(await api.db.selectFrom('user_languages').selectAll().execute()).not.toContainEqual(expect.objectContaining({ language: 'sv', user_id: 'user-1' }));
  });
});

describe('the problems a person reads, in their language', () => {
  const call = async (url: string, body: object, token: string | undefined, acceptLanguage?: string) => {
    const response = await api.app.inject({
      method: 'POST',
      url,
      payload: body,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
    });
    return { status: response.statusCode, detail: (response.json() as { detail?: string }).detail };
  };

  it("the person's choice first, then the browser's, then the company's; English stays as it was", async () => {
    const admin = await tokenFor({ sub: 'admin-latvian', roles: ['admin'] });
    expect(await call('/api/admin/client/details/get', { clientId: 'nobody' }, admin)).toEqual({ status: 404, detail: 'Client not found.' });
    await api.post('Session_chooseLanguage', { language: 'lv' }, { token: admin });
    expect(await call('/api/admin/client/details/get', { clientId: 'nobody' }, admin, 'sv-SE,sv;q=0.9')).toEqual({ status: 404, detail: 'Klients nav atrasts.' });
    expect(await call('/api/admin/client/details/get', { clientId: 42 }, admin)).toEqual({ status: 400, detail: 'Pieprasījums neatbilst API specifikācijai.' });

    // No choice: the browser's first language the portal speaks (Norwegian nn is read as Bokmål), else the company's.
    const client = await as.buyer('company-buyer');
    expect(await call('/api/admin/client/details/get', { clientId: 'nobody' }, client, 'de-DE, nn;q=0.8')).toEqual({ status: 403, detail: 'Rollen din kan ikke kalle denne operasjonen.' });
    expect(await call('/api/admin/client/details/get', { clientId: 'nobody' }, client, 'de-DE')).toEqual({ status: 403, detail: 'Jūsu loma nedrīkst izsaukt šo darbību.' });
    expect(await call('/api/admin/client/details/get', { clientId: 'nobody' }, undefined, 'fi-FI')).toEqual({ status: 401, detail: 'Voimassa oleva bearer-tunnus vaaditaan.' });
    expect(await call('/api/admin/client/details/get', { clientId: 'nobody' }, undefined)).toEqual({ status: 401, detail: 'A valid bearer token is required.' });
  });
});
