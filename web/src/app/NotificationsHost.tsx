import { Notifications } from '@mantine/notifications';

/**
 * Mantine's notifications, bottom centre: loaded by `AppProviders` when the first one is shown (providers.tsx).
 * Not at the top: there a message covers the header's controls (the bell, language, logout) and the service banner,
 * and since a hovered message stays until the pointer leaves it, one that appears under the pointer just after a
 * click would keep them covered. The bottom centre holds no standing control on any face, on a phone as on a desk.
 */
export default function NotificationsHost() {
  return <Notifications position="bottom-center" />;
}
