import { Notifications } from '@mantine/notifications';

/** Mantine's notifications, top right: loaded by `AppProviders` when the first one is shown (providers.tsx). */
export default function NotificationsHost() {
  return <Notifications position="top-right" />;
}
