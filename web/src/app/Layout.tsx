import { AppShell, Burger, Button, Group, NavLink, ScrollArea, Text, Title, ActionIcon, useMantineColorScheme, useComputedColorScheme } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { IconLogout, IconMoon, IconShieldLock, IconSun } from '@tabler/icons-react';
import { Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import { useAppContext } from './context';
import type { MenuEntry } from './faces';

function MenuLink({ entry, pathname, onNavigate }: { entry: MenuEntry; pathname: string; onNavigate: () => void }) {
  if (entry.children) {
    const open = entry.children.some((child) => child.to && pathname.startsWith(child.to));
    return (
      <NavLink label={entry.label} defaultOpened={open} childrenOffset="md">
        {entry.children.map((child) => (
          <MenuLink key={child.label} entry={child} pathname={pathname} onNavigate={onNavigate} />
        ))}
      </NavLink>
    );
  }
  const active = entry.to === '/' ? pathname === '/' : Boolean(entry.to && pathname.startsWith(entry.to));
  return <NavLink component={Link} to={entry.to} label={entry.label} active={active} onClick={onNavigate} />;
}

/** Part 1: top bar (menu toggle, title, Logout) and a left drawer, open by default on wide screens. */
export function Layout() {
  const { session, face } = useAppContext();
  const wide = useMediaQuery('(min-width: 62em)', true);
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
                aria-label="Toggle menu"
              />
            )}
            <Title order={3} fw={600}>
              Orders Portal
            </Title>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label="Toggle colour scheme"
              onClick={() => setColorScheme(scheme === 'dark' ? 'light' : 'dark')}
            >
              {scheme === 'dark' ? <IconSun size={18} /> : <IconMoon size={18} />}
            </ActionIcon>
            {session.setUpSecondFactor && (
              <ActionIcon variant="subtle" aria-label="Two-step verification" title="Two-step verification" onClick={() => void session.setUpSecondFactor?.()}>
                <IconShieldLock size={18} />
              </ActionIcon>
            )}
            <Button variant="subtle" leftSection={<IconLogout size={16} />} onClick={() => void session.logout()}>
              Logout
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      {hasMenu && (
        <AppShell.Navbar p="xs" aria-label="Menu">
          {face.welcome && (
            <Text size="sm" px="sm" py="xs" c="dimmed">
              Welcome, {session.user.name}
            </Text>
          )}
          <AppShell.Section grow component={ScrollArea}>
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
              <Loader aria-label="Loading" />
            </Center>
          }
        >
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
