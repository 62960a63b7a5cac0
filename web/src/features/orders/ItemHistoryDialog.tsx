import { Modal, Stack, Text, Timeline } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { getClientOrdersGetOrderItemHistoryQueryKey, useClientOrdersGetOrderItemHistory } from '@generated/endpoints/orders/orders';
import { formatDateTime } from '../../components/format';
import { RecordLoad } from '../../components/RecordLoad';
import { describeChange } from './itemHistory';
import './catalogue';

/**
 * An order item's history: every change, oldest first, with who made it and when, and why a seller
 * confirmation was cleared. The order editor and the planner open it.
 */
export default function ItemHistoryDialog({ itemId, title, onClose }: { itemId: number; title: string; onClose: () => void }) {
  const { t } = useLingui();
  const body = { id: itemId };
  const query = useClientOrdersGetOrderItemHistory(body, { query: { queryKey: getClientOrdersGetOrderItemHistoryQueryKey(body) } });
  return (
    <Modal opened onClose={onClose} title={t`History of ${title}`} size="lg">
      <RecordLoad query={query} label={t`Loading the item's history`}>
        {(changes) =>
          changes.length === 0 ? (
            <Text c="dimmed">
              <Trans>No changes recorded yet.</Trans>
            </Text>
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
