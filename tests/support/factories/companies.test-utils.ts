import type { Db } from '../../../api/src/db/database.js';

export const COMPANY_A = 'company-a';
export const COMPANY_B = 'company-b';

/** A client company (tenant). `as.client(id)` in tests/support/app.test-utils.ts signs tokens for its users. */
export async function createCompany(db: Db, id: string, values: { name?: string; clientType?: '0' | '1'; fbs?: string[] } = {}) {
  await db
    .insertInto('companies')
    .values({ id, name: values.name ?? `Company ${id}`, client_type: values.clientType ?? '0', fbs: values.fbs ?? ['FB-1'], address: 'Main street 1' })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return id;
}

/** The two companies of every tenant-isolation test: A owns the records, B must never see them. */
export async function createTwoCompanies(db: Db) {
  await createCompany(db, COMPANY_A, { name: 'Company A' });
  await createCompany(db, COMPANY_B, { name: 'Company B' });
  return { a: COMPANY_A, b: COMPANY_B };
}
