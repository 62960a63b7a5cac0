import type { ColumnType, Generated } from 'kysely';
import type { Schemas } from '../../lib/contract.js';
import type { Timestamp } from './core.js';
import type { EventType } from './events.js';

export type WebhookDeliveryStatus = Schemas['WebhookDeliveryStatus'];

export interface WebhookEndpointTable {
  id: Generated<number>;
  company_id: string | null;
  url: string;
  event_types: ColumnType<EventType[], EventType[], EventType[]>;
  enabled: Generated<boolean>;
  disabled_reason: string | null;
  /** `whsec_` + base64; the portal signs with it, so it is kept as is (not hashed). */
  secret: string;
  previous_secret: string | null;
  previous_secret_valid_until: Timestamp | null;
  created_by: string;
  version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface WebhookDeliveryTable {
  id: Generated<number>;
  endpoint_id: number;
  /** bigint: read as text. */
  event_sequence: ColumnType<string, string | number, string | number>;
  /** `<record type>:<record id>`: deliveries of one endpoint and record go out in event order. */
  record_key: string;
  status: Generated<WebhookDeliveryStatus>;
  attempts: Generated<number>;
  last_status_code: number | null;
  last_response: string | null;
  last_attempt_at: Timestamp | null;
  next_attempt_at: Timestamp | null;
  /** While an attempt is in flight (its worker claims it until then; another worker leaves it alone). */
  in_flight_until: Timestamp | null;
  created_at: Generated<Date>;
}

/** Webhook endpoints and their deliveries. */
export interface WebhooksTables {
  webhook_endpoints: WebhookEndpointTable;
  webhook_deliveries: WebhookDeliveryTable;
}
