import { useState } from 'react';
import type { DocumentsRole, Invoice } from '@generated/model';
import type { SessionUser } from '../../app/session';
import { formatDecimals } from '../../components/format';

/**
 * The `{role}` of the documents calls (part 7.3), as `GET /api/me` answers it. Only the admin, accountant and client
 * faces register '/documents', and the API gives each of them a documents role.
 */
export function documentsRoleOf(user: SessionUser): DocumentsRole {
  if (user.documentsRole) return user.documentsRole;
  throw new Error(`the ${user.face} face has no invoices`);
}

/**
 * Every face gets the screen of part 2.4 (eight columns, both downloads and 'Confirm & Send': the client confirms
 * its own invoices, part 4). Staff see every company's invoices, so their table adds the company. The "second layout
 * variant" of part 2.4 (four columns, the two download buttons), which part 7.3 calls with 'client', is the client's
 * compact view (`hasCompactView`), chosen on the page and remembered in the browser.
 */
export const showsCompany = (role: DocumentsRole) => role !== 'client';

/** Only the client's invoices page offers the compact view (the second layout variant, part 2.4 and 7.3). */
export const hasCompactView = (role: DocumentsRole) => role === 'client';

/** Where the browser remembers the client's choice of invoices layout. */
export const INVOICES_VIEW_KEY = 'orders-portal.invoices-view';
export type InvoicesView = 'full' | 'compact';

/** An invoice that was confirmed and sent: the API answers it unchanged and sends nothing again. */
export const alreadySent = (invoice: Pick<Invoice, 'isConfirmed' | 'isSent'>) => invoice.isConfirmed && invoice.isSent;

/** An invoice total with thousands separators and cents: `48920.5` -> `48,920.50` (Swedish `48 920,50`). */
export const formatAmount = (value: number) => formatDecimals(value, 2);

/** An exchange rate to EUR, up to four places: `11.28` -> `11.28`, `0.08865` -> `0.0887`. */
export const formatRate = (value: number) => formatDecimals(value, 2, 4);

/**
 * The single selection of part 2.4: a row click selects that invoice alone, the same row again returns to
 * none, and every reload of the list (a new `loadedAt`) clears it.
 */
export function useInvoiceSelection(rows: Invoice[], loadedAt: number) {
  const [picked, setPicked] = useState<{ id: number; loadedAt: number } | null>(null);
  const selected = picked?.loadedAt === loadedAt ? (rows.find((row) => row.id === picked.id) ?? null) : null;
  return { selected, toggle: (invoice: Invoice) => setPicked(selected?.id === invoice.id ? null : { id: invoice.id, loadedAt }) };
}
