import { Modal, Stack, Text, Timeline } from '@mantine/core';
import { getClientOrdersGetOrderItemHistoryQueryKey, useClientOrdersGetOrderItemHistory } from '@generated/endpoints/orders/orders';
import { formatDateTime } from '../../components/format';
import { RecordLoad } from '../../components/RecordLoad';
import { describeChange } from './itemHistory';

/**
 * An order item's history: every change, oldest first, with who made it and when, and why a seller
 * confirmation was cleared. The order editor and the planner open it.
 */
export default function ItemHistoryDialog({ itemId, title, onClose }: { itemId: number; title: string; onClose: () => void }) {
  const body = { id: itemId };
  const query = useClientOrdersGetOrderItemHistory(body, { query: { queryKey: getClientOrdersGetOrderItemHistoryQueryKey(body) } });
  return (
    <Modal opened onClose={onClose} title={`History of ${title}`} size="lg">
      <RecordLoad query={query} label="Loading the item's history">
        {(changes) =>
          changes.length === 0 ? (
            <Text c="dimmed">No changes recorded yet.</Text>
          ) : (
            <Timeline bulletSize={14} lineWidth={2} active={changes.length - 1}>
              {changes.map((change, index) => (
                <Timeline.Item key={index} title={`${formatDateTime(change.at)} · ${change.actorName}`}>
                  <Stack gap={0}>
                    {describeChange(change).map((line) => (
                      <Text key={line} size="sm">
                        {line}
                      </Text>
                    ))}
                  </Stack>
                </Timeline.Item>
              ))}
            </Timeline>
          )
        }
      </RecordLoad>
    </Modal>
  );
}
