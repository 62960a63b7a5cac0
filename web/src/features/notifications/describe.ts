import type { Notification } from '@generated/model';

/** Each kind of notification as the settings name it. */
export const KIND_LABELS: Record<string, string> = {
  'order.created': 'New client order',
  'order.changed': 'Order changed',
  'order.deleted': 'Order deleted',
  'order_item.created': 'Item added',
  'order_item.changed': 'Item changed',
  'order_item.deleted': 'Item deleted',
  'order_item.confirmed': 'Item confirmed',
  'order_item.confirmation_cleared': 'Confirmation withdrawn',
  'order_item.due_date_moved': 'Due date moved',
  'production_order_item.created': 'Production order item created',
  'produced_quantity.recorded': 'Produced quantity recorded',
  'machine.stopped': 'Machine stopped',
  'machine.started': 'Machine started again',
  'claim.created': 'New claim',
  'claim.status_changed': 'Claim status changed',
  'invoice.sent': 'Invoice sent',
  'supply_order.delivered': 'Supply order delivered',
  'forecast.saved': 'Forecast saved',
  'invoice.ready_to_confirm': 'Invoice ready to confirm',
  'email.failed': 'E-mail failed',
  'webhook.failed': 'Webhook failed',
  'machine_event.kept_aside': 'Machine messages kept aside',
};

const BY: Record<string, string> = { buyer: 'the buyer', seller: 'the seller' };

/** What happened, in a few words, and the record it happened to, as the inbox names them. */
export function describeNotification(notification: Notification): { what: string; record: string } {
  const data = notification.data as Record<string, unknown>;
  const by = typeof data.by === 'string' && BY[data.by] ? ` by ${BY[data.by]}` : '';
  const what = (() => {
    switch (notification.kind) {
      case 'order.created': return 'New client order';
      case 'order.changed': return 'Order changed';
      case 'order.deleted': return 'Order deleted';
      case 'order_item.created': return 'Item added';
      case 'order_item.changed': return 'Item changed';
      case 'order_item.deleted': return 'Item deleted';
      case 'order_item.confirmed': return `Item confirmed${by}`;
      case 'order_item.confirmation_cleared': return `Confirmation withdrawn${by}`;
      case 'order_item.due_date_moved': return typeof data.to === 'string' ? `Due date moved to ${data.to}` : 'Due date moved';
      case 'production_order_item.created': return 'Production order item created';
      case 'produced_quantity.recorded': return 'Produced quantity recorded';
      case 'machine.stopped': return 'Machine stopped';
      case 'machine.started': return 'Machine started again';
      case 'claim.created': return 'New claim';
      case 'claim.status_changed': return typeof data.to === 'string' ? `Claim is now '${data.to}'` : 'Claim status changed';
      case 'invoice.sent': return 'Invoice sent';
      case 'supply_order.delivered': return 'Supply order delivered';
      case 'forecast.saved': return 'Forecast saved';
      case 'invoice.ready_to_confirm': return 'Invoice ready to confirm';
      case 'email.failed': return data.mail === 'notification' ? 'Notification e-mail failed' : 'Invoice e-mail failed';
      case 'webhook.failed': return 'Webhook failed; endpoint disabled';
      case 'machine_event.kept_aside': return typeof data.count === 'number' && data.count > 1 ? `${data.count} machine messages kept aside` : 'Machine message kept aside';
      default: return 'Something changed';
    }
  })();
  const record =
    notification.orderId !== null
      ? `Order ${notification.label ?? notification.orderId}`
      : notification.recordType === 'claim'
        ? `Claim ${notification.recordId}`
        : notification.recordType === 'invoice'
          ? `Invoice ${notification.label ?? notification.recordId}`
          : notification.recordType === 'machine'
            ? `Machine ${notification.recordId}`
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
