import { useEffect, useState } from 'react';
import { Anchor, Badge, Button, Center, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useNotificationsGetNotifications, useNotificationsMarkAllRead, useNotificationsMarkRead } from '@generated/endpoints/notifications/notifications';
import type { Notification } from '@generated/model';
import { QueryError } from '../../components/QueryError';
import { formatDayTime } from '../../components/dates';
import { useAppContext } from '../../app/context';
import { describeNotification, linkOf } from './describe';
import { NOTIFICATIONS_PAGE } from './notificationStream';
import './catalogue';

/**
 * The bell's drawer (NotificationsBell.tsx), loaded on the first press of the bell. It is drawn closed once and opens
 * on its first effect, so that it notes the focused bell as it opens and gives the focus back to it when it closes.
 */
export default function NotificationsDrawer({
  opened,
  onClose,
  unreadKey,
  listKey,
}: {
  opened: boolean;
  onClose: () => void;
  unreadKey: readonly unknown[];
  listKey: readonly unknown[];
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <Drawer opened={mounted && opened} onClose={onClose} position="right" title={t`Notifications`} size="md" closeButtonProps={{ 'aria-label': t`Close notifications` }}>
      <Anchor component={Link} to="/notifications/settings" size="sm" mb="sm" display="block" onClick={onClose}>
        <Trans>E-mail settings</Trans>
      </Anchor>
      {opened && (
        <NotificationsList
          onOpen={onClose}
          onChanged={(next) => {
            queryClient.setQueryData(unreadKey, { unread: next });
            void queryClient.invalidateQueries({ queryKey: listKey });
          }}
        />
      )}
    </Drawer>
  );
}

function NotificationsList({ onOpen, onChanged }: { onOpen: () => void; onChanged: (unread: number) => void }) {
  const { t } = useLingui();
  const list = useNotificationsGetNotifications(NOTIFICATIONS_PAGE);
  const markRead = useNotificationsMarkRead();
  const markAll = useNotificationsMarkAllRead();
  const { face } = useAppContext();
  const paths = new Set(face.routes.map((route) => route.path));
  const read = (notification: Notification) => {
    if (notification.readAt === null) markRead.mutate({ data: { notificationIds: [notification.id] } }, { onSuccess: (answer) => onChanged(answer.unread) });
  };
  if (list.isPending) {
    return (
      <Center mih={120}>
        <Loader role="status" aria-label={t`Loading notifications`} />
      </Center>
    );
  }
  if (list.isError) return <QueryError error={list.error} onRetry={() => void list.refetch()} />;
  const rows = list.data.rows;
  const unreadCount = list.data.unread;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {list.data.unread === 0 ? <Trans>All read</Trans> : plural(unreadCount, { one: '# unread', other: '# unread' })}
        </Text>
        <Button size="xs" variant="light" disabled={list.data.unread === 0} loading={markAll.isPending} onClick={() => markAll.mutate({ data: {} }, { onSuccess: (answer) => onChanged(answer.unread) })}>
          <Trans>Mark all read</Trans>
        </Button>
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          <Trans>No notifications yet. You will hear here when something you wait for changes.</Trans>
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t`Notifications`}>
          {rows.map((notification) => {
            const { what, record } = describeNotification(notification);
            const to = linkOf(notification, paths);
            const unread = notification.readAt === null;
            return (
              <li key={notification.id} data-testid="notification" data-unread={unread}>
                <Stack gap={2} p="xs" style={{ borderLeft: `3px solid ${unread ? 'var(--mantine-color-blue-6)' : 'transparent'}` }}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" fw={unread ? 600 : 400}>
                      {what}
                      {notification.count > 1 && (
                        <Badge ml="xs" size="sm" variant="light">
                          ×{notification.count}
                        </Badge>
                      )}
                    </Text>
                    {unread && (
                      <Button size="compact-xs" variant="subtle" onClick={() => read(notification)} aria-label={t`Mark read: ${what}, ${record}`}>
                        <Trans>Mark read</Trans>
                      </Button>
                    )}
                  </Group>
                  <Text size="sm">
                    {to ? (
                      <Anchor component={Link} to={to} underline="always" onClick={() => { read(notification); onOpen(); }}>
                        {record}
                      </Anchor>
                    ) : (
                      record
                    )}
                    {notification.company ? ` · ${notification.company}` : ''}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {notification.actor.name} · {formatDayTime(notification.occurredAt)}
                  </Text>
                </Stack>
              </li>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
