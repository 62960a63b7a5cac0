import { plural, t } from '@lingui/core/macro';
import type { Notification } from '@generated/model';
import './catalogue';

/** Each kind of notification as the settings name it. */
export const KIND_LABELS: Record<string, string> = {
  // Getters: each label is read in the language chosen when it is shown.
  get 'order.created'() {
    return t`New client order`;
  },
  get 'order.changed'() {
    return t`Order changed`;
  },
  get 'order.deleted'() {
    return t`Order deleted`;
  },
  get 'order_item.created'() {
    return t`Item added`;
  },
  get 'order_item.changed'() {
    return t`Item changed`;
  },
  get 'order_item.deleted'() {
    return t`Item deleted`;
  },
  get 'order_item.confirmed'() {
    return t`Item confirmed`;
  },
  get 'order_item.confirmation_cleared'() {
    return t`Confirmation withdrawn`;
  },
  get 'order_item.due_date_moved'() {
    return t`Due date moved`;
  },
  get 'production_order_item.created'() {
    return t`Production order item created`;
  },
  get 'produced_quantity.recorded'() {
    return t`Produced quantity recorded`;
  },
  get 'machine.stopped'() {
    return t`Machine stopped`;
  },
  get 'machine.started'() {
    return t`Machine started again`;
  },
  get 'claim.created'() {
    return t`New claim`;
  },
  get 'claim.status_changed'() {
    return t`Claim status changed`;
  },
  get 'invoice.sent'() {
    return t`Invoice sent`;
  },
  get 'supply_order.delivered'() {
    return t`Supply order delivered`;
  },
  get 'forecast.saved'() {
    return t`Forecast saved`;
  },
  get 'invoice.ready_to_confirm'() {
    return t`Invoice ready to confirm`;
  },
  get 'email.failed'() {
    return t`E-mail failed`;
  },
  get 'webhook.failed'() {
    return t`Webhook failed`;
  },
  get 'machine_event.kept_aside'() {
    return t`Machine messages kept aside`;
  },
};

/** What happened, in a few words, and the record it happened to, as the inbox names them. */
export function describeNotification(notification: Notification): { what: string; record: string } {
  const data = notification.data as Record<string, unknown>;
  const by = data.by === 'buyer' || data.by === 'seller' ? data.by : null;
  const movedTo = typeof data.to === 'string' ? data.to : null;
  const what = (() => {
    switch (notification.kind) {
      case 'order.created': return t`New client order`;
      case 'order.changed': return t`Order changed`;
      case 'order.deleted': return t`Order deleted`;
      case 'order_item.created': return t`Item added`;
      case 'order_item.changed': return t`Item changed`;
      case 'order_item.deleted': return t`Item deleted`;
      case 'order_item.confirmed': return by === 'buyer' ? t`Item confirmed by the buyer` : by === 'seller' ? t`Item confirmed by the seller` : t`Item confirmed`;
      case 'order_item.confirmation_cleared':
        return by === 'buyer' ? t`Confirmation withdrawn by the buyer` : by === 'seller' ? t`Confirmation withdrawn by the seller` : t`Confirmation withdrawn`;
      case 'order_item.due_date_moved': return movedTo ? t`Due date moved to ${movedTo}` : t`Due date moved`;
      case 'production_order_item.created': return t`Production order item created`;
      case 'produced_quantity.recorded': return t`Produced quantity recorded`;
      case 'machine.stopped': return t`Machine stopped`;
      case 'machine.started': return t`Machine started again`;
      case 'claim.created': return t`New claim`;
      case 'claim.status_changed': return movedTo ? t`Claim is now ''${movedTo}''` : t`Claim status changed`;
      case 'invoice.sent': return t`Invoice sent`;
      case 'supply_order.delivered': return t`Supply order delivered`;
      case 'forecast.saved': return t`Forecast saved`;
      case 'invoice.ready_to_confirm': return t`Invoice ready to confirm`;
      case 'email.failed': return data.mail === 'notification' ? t`Notification e-mail failed` : t`Invoice e-mail failed`;
      case 'webhook.failed': return t`Webhook failed; endpoint disabled`;
      case 'machine_event.kept_aside': {
        const count = typeof data.count === 'number' ? data.count : 1;
        return plural(count, { one: 'Machine message kept aside', other: '# machine messages kept aside' });
      }
      default: return t`Something changed`;
    }
  })();
  const name = notification.label ?? notification.orderId ?? notification.recordId;
  const id = notification.recordId;
  const record =
    notification.orderId !== null
      ? t`Order ${name}`
      : notification.recordType === 'claim'
        ? t`Claim ${id}`
        : notification.recordType === 'invoice'
          ? t`Invoice ${name}`
          : notification.recordType === 'machine'
            ? t`Machine ${id}`
            : `${notification.recordType.replace(/_/g, ' ')} ${notification.label ?? notification.recordId}`;
  return { what, record };
}

/** Where the notification's record opens on the caller's face, when it has a screen there. */
export function linkOf(notification: Notification, paths: Set<string>): string | null {
  if (notification.orderId !== null && paths.has('/orders/$id')) return `/orders/${notification.orderId}`;
  if (notification.recordType === 'claim' && paths.has('/claims/$id')) return `/claims/${notification.recordId}`;
  if (notification.recordType === 'invoice' && paths.has('/documents')) return '/documents';
  if (notification.kind === 'production_order_item.created' && paths.has('/agenda')) return '/agenda';
  if (notification.orderId !== null && paths.has('/agenda')) return '/agenda';
  if (notification.kind === 'email.failed' && paths.has('/documents')) return '/documents';
  if (notification.kind === 'webhook.failed' && paths.has('/webhooks')) return '/webhooks';
  if (notification.kind === 'machine_event.kept_aside' && paths.has('/machines/credentials')) return '/machines/credentials';
  return null;
}
