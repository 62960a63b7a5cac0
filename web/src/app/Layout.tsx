import { AppShell, Burger, Button, Group, NavLink, Text, Title, ActionIcon, useMantineColorScheme, useComputedColorScheme } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { IconLogout, IconMoon, IconShieldLock, IconSun } from '@tabler/icons-react';
import { Suspense, useEffect, useState } from 'react';
import { Center, Loader } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { Trans, useLingui as useT } from '@lingui/react/macro';
import { useAppContext } from './context';
import type { MenuEntry } from './faces';
import { menuLabel } from './menuLabels';
import { LanguagePicker } from './LanguagePicker';
import { NotificationsBell } from '../features/notifications/NotificationsBell';

const within = (entry: MenuEntry, pathname: string): boolean =>
  entry.children ? entry.children.some((child) => within(child, pathname)) : entry.to === '/' ? pathname === '/' : Boolean(entry.to && pathname.startsWith(entry.to));

/**
 * A menu entry. A group is highlighted and expanded while the current page is one of its entries (also when the page
 * is reached by a link or the address, not the menu); the user may still fold it.
 */
function MenuLink({ entry, pathname, onNavigate }: { entry: MenuEntry; pathname: string; onNavigate: () => void }) {
  const { i18n } = useLingui();
  const label = menuLabel(i18n, entry.label);
  const current = within(entry, pathname);
  const [opened, setOpened] = useState(current);
  useEffect(() => {
    if (current) setOpened(true);
  }, [current, pathname]);
  if (entry.children) {
    return (
      <NavLink
        component="button"
        type="button"
        label={label}
        opened={opened}
        onChange={setOpened}
        aria-expanded={opened}
        active={current}
        variant="subtle"
        childrenOffset="md"
      >
        {entry.children.map((child) => (
          <MenuLink key={child.label} entry={child} pathname={pathname} onNavigate={onNavigate} />
        ))}
      </NavLink>
    );
  }
  return (
    <NavLink component={Link} to={entry.to} label={label} active={current} aria-current={current ? 'page' : undefined} onClick={onNavigate} />
  );
}

/**
 * Part 1: top bar (menu toggle, title, language, Logout) and a left drawer, open by default on wide screens. On a
 * phone the language picker is the drawer's first entry, where a face has one: the top bar has no room for it.
 */
export function Layout() {
  const { t } = useT();
  const { session, face } = useAppContext();
  const userName = session.user.name;
  const wide = useMediaQuery('(min-width: 62em)', true);
  // A phone (below 30em, e.g. 390 px): the title on one line and Logout as an icon, so the top bar fits.
  const roomy = useMediaQuery('(min-width: 30em)', true, { getInitialValueInEffect: false });
  const [mobileOpen, mobile] = useDisclosure(false);
  const [desktopOpen, desktop] = useDisclosure(true);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const hasMenu = face.menu.length > 0;

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={hasMenu ? { width: 260, breakpoint: 'md', collapsed: { mobile: !mobileOpen, desktop: !desktopOpen } } : undefined}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {hasMenu && (
              <Burger
                opened={wide ? desktopOpen : mobileOpen}
                onClick={wide ? desktop.toggle : mobile.toggle}
                size="sm"
                aria-label={t`Toggle menu`}
              />
            )}
            <Title order={3} fw={600} fz={roomy ? undefined : 'h4'} style={{ whiteSpace: 'nowrap' }}>
              <Trans>Orders Portal</Trans>
            </Title>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {(roomy || !hasMenu) && <LanguagePicker compact={!roomy} />}
            {hasMenu && <NotificationsBell />}
            <ActionIcon
              variant="subtle"
              aria-label={t`Toggle colour scheme`}
              onClick={() => setColorScheme(scheme === 'dark' ? 'light' : 'dark')}
            >
              {scheme === 'dark' ? <IconSun size={18} /> : <IconMoon size={18} />}
            </ActionIcon>
            {session.setUpSecondFactor && (
              <ActionIcon variant="subtle" aria-label={t`Two-step verification`} title={t`Two-step verification`} onClick={() => void session.setUpSecondFactor?.()}>
                <IconShieldLock size={18} />
              </ActionIcon>
            )}
            {roomy ? (
              <Button variant="subtle" leftSection={<IconLogout size={16} />} onClick={() => void session.logout()}>
                <Trans>Logout</Trans>
              </Button>
            ) : (
              <ActionIcon variant="subtle" aria-label={t`Logout`} title={t`Logout`} onClick={() => void session.logout()}>
                <IconLogout size={18} />
              </ActionIcon>
            )}
          </Group>
        </Group>
      </AppShell.Header>
      {hasMenu && (
        <AppShell.Navbar p="xs" aria-label={t`Menu`}>
          {face.welcome && (
            <Text size="sm" px="sm" py="xs" c="dimmed">
              <Trans>Welcome, {userName}</Trans>
            </Text>
          )}
          {!roomy && (
            <Group px="sm" pb="xs">
              <LanguagePicker compact={false} />
            </Group>
          )}
          {/* The browser's own scrolling: Mantine's ScrollArea would bring @floating-ui into the first screen's JavaScript. */}
          <AppShell.Section grow style={{ overflowY: 'auto' }}>
            {face.menu.map((entry) => (
              <MenuLink key={entry.label} entry={entry} pathname={pathname} onNavigate={mobile.close} />
            ))}
          </AppShell.Section>
        </AppShell.Navbar>
      )}
      <AppShell.Main>
        <Suspense
          fallback={
            <Center mih={200}>
              <Loader role="status" aria-label={t`Loading`} />
            </Center>
          }
        >
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
