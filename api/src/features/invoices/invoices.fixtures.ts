import type { Db } from '../../db/database.js';
import type { NewInvoice } from './invoices.repository.js';
import { issueInvoice } from './invoices.service.js';

/**
 * Test data builders for invoices: a user (billing e-mail) of a company, and an invoice with lines stored the way
 * the manufacturer creates them. Used by the *.test.ts files; nothing in the API imports them.
 */
let counter = 0;

export async function makeUser(db: Db, companyId: string, email: string | null) {
  const row = await db
    .insertInto('users')
    .values({ username: `user-${++counter}-${companyId}`, email, first_name: 'Test', last_name: 'User', password_hash: 'not-a-hash', company_id: companyId, resource_roles: ['client'] })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function makeInvoice(db: Db, invoice: Partial<NewInvoice> & Pick<NewInvoice, 'companyId'>) {
  return db.transaction().execute((trx) =>
    issueInvoice(trx, { system: 'test' }, {
      invoiceNumber: `INV-T-${String(++counter).padStart(4, '0')}`,
      orderId: null,
      deliveryDate: '2026-03-13',
      currency: 'EUR',
      exchangeRate: 1,
      lines: [{ orderItemId: null, articleNo: 'NS-0500', productName: 'Spring Water 0.5 L', quantity: 10_000, unitPrice: 40 }],
      ...invoice,
    }),
  );
}

