import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { getNotificationsGetNotificationsQueryKey, getNotificationsGetUnreadCountQueryKey, useNotificationsGetUnreadCount } from '@generated/endpoints/notifications/notifications';
import { featureCataloguesLoaded } from '../../i18n/i18n';
import { NOTIFICATIONS_PAGE, useNotificationStream } from './notificationStream';

/** Only while the stream is down: the bell asks every minute instead. */
const FALLBACK_POLL_MS = 60_000;

/**
 * The drawer and the notifications' texts load on the first press of the bell (the pointer coming near it starts
 * that load): Mantine's Drawer brings its focus trap, scroll lock and scroll area, which no landing page draws
 * otherwise. The bell draws the drawer once they are there; should they not load, it says so, and the next press
 * tries again.
 */
const loadDrawer = () => import('./NotificationsDrawer').then(async (drawer) => (await featureCataloguesLoaded(), drawer));
const NotificationsDrawer = lazy(loadDrawer);

/** The bell in the top bar: the unread count, kept live, and the notifications in a drawer, newest first. */
export function NotificationsBell() {
  const { t } = useLingui();
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const unreadKey = getNotificationsGetUnreadCountQueryKey({});
  const listKey = getNotificationsGetNotificationsQueryKey(NOTIFICATIONS_PAGE);
  const live = useNotificationStream(unreadKey, listKey);
  const unread = useNotificationsGetUnreadCount({}, { query: { queryKey: unreadKey, refetchInterval: live ? false : FALLBACK_POLL_MS } });
  const count = unread.data?.unread ?? 0;
  const label = plural(count, { one: 'Notifications, # unread', other: 'Notifications, # unread' });
  return (
    <>
      <Indicator label={count > 99 ? '99+' : count} size={16} disabled={count === 0} offset={4} color="red">
        <ActionIcon
          variant="subtle"
          aria-label={label}
          title={t`Notifications`}
          onClick={() => {
            setOpened(true);
            if (!loaded) {
              loadDrawer().then(
                () => setLoaded(true),
                () => {
                  setOpened(false);
                  notifications.show({ color: 'red', role: 'alert', title: t`Could not load`, message: t`Part of the portal did not load. Check your connection and try again.` });
                },
              );
            }
          }}
          onPointerEnter={() => void loadDrawer().catch(() => undefined)}
          data-testid="notifications-bell"
          data-unread={count}
        >
          <IconBell size={18} />
        </ActionIcon>
      </Indicator>
      {loaded && (
        <Suspense fallback={null}>
          <NotificationsDrawer opened={opened} onClose={() => setOpened(false)} unreadKey={unreadKey} listKey={listKey} />
        </Suspense>
      )}
    </>
  );
}
