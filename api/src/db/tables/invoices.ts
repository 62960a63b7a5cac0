import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './core.js';
import type { Schemas } from '../../lib/contract.js';

export type InvoiceCurrency = Schemas['Currency'];

/** An invoice to a client company, created from an order's produced items (or imported). */
export interface InvoiceTable {
  id: Generated<number>;
  company_id: string;
  invoice_number: string;
  order_id: number | null;
  /** Invoice (delivery) date. */
  delivery_date: string;
  invoice_total: number;
  invoice_currency: InvoiceCurrency;
  /** Exchange rate to EUR used on the invoice. */
  exchange_rate: ColumnType<number, number | undefined, number>;
  is_confirmed: ColumnType<boolean, boolean | undefined, boolean>;
  is_sent: ColumnType<boolean, boolean | undefined, boolean>;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A line of an invoice: what the PDF prints. `order_item_id` is the billed order item (null when imported without one). */
export interface InvoiceLineTable {
  id: Generated<number>;
  invoice_id: number;
  order_item_id: number | null;
  article_no: string;
  product_name: string;
  quantity: number;
  /** Price per 1,000 bottles, in the invoice's currency. */
  unit_price: number;
  line_total: number;
}

/** An e-mail to send; the attachment is a reference rendered at delivery. `sent_at` is set once delivered. */
export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body: string;
  attachment_type: string | null;
  attachment_id: number | null;
  created_at: Timestamp;
  sent_at: Date | null;
  last_error: string | null;
  /** Delivery attempts made. */
  attempts: Generated<number>;
  /** Set when its job failed the last retry (dead-lettered); cleared when the admin retries it. */
  failed_at: Date | null;
}

/** Invoices, their lines, and the e-mail outbox of 'Confirm & Send'. */
export interface InvoicesTables {
  invoices: InvoiceTable;
  invoice_lines: InvoiceLineTable;
  outbox: OutboxTable;
}
