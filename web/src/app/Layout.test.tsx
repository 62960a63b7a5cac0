import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { renderWithProviders } from '../test/render.test-utils';
import { AppContext } from './context';
import { faceFor } from './faces';
import { Layout } from './Layout';
import { mockSession } from './mockSession';

/** The admin face's drawer at `path`, each page a heading of its path. */
function renderAdminAt(path: string) {
  const session = mockSession('admin');
  const face = faceFor(session.user);
  const rootRoute = createRootRoute({ component: Layout });
  const routes = face.routes.map((route) => createRoute({ getParentRoute: () => rootRoute, path: route.path, component: () => <h2>{route.title}</h2> }));
  const router = createRouter({ routeTree: rootRoute.addChildren(routes), history: createMemoryHistory({ initialEntries: [path] }) });
  renderWithProviders(
    <AppContext.Provider value={{ session, face, contactEmail: 'support@example.com' }}>
      <RouterProvider router={router} />
    </AppContext.Provider>,
  );
  return router;
}

const menu = () => within(screen.getByRole('navigation', { name: 'Menu' }));

describe('the navigation drawer (part 1)', { timeout: 30_000 }, () => {
  it("the 'Downtimes history' group links History, Causes and the day chart (/downtimes/gantt)", async () => {
    renderAdminAt('/downtimes/gantt');
    await screen.findByRole('heading', { name: 'Downtimes' });
    const chart = menu().getByRole('link', { name: 'Day chart' });
    expect(chart).toHaveAttribute('href', '/downtimes/gantt');
    expect(menu().getByRole('link', { name: 'History' })).toHaveAttribute('href', '/downtimes/history');
    expect(menu().getByRole('link', { name: 'Causes' })).toHaveAttribute('href', '/downtimes/causes');
  });

  it('highlights the current page and expands and highlights its group, also when the page is reached without the menu', async () => {
    const router = renderAdminAt('/');
    await screen.findByRole('heading', { name: 'Raw Materials Status' });
    const group = menu().getByRole('button', { name: 'Downtimes history' });
    expect(group).toHaveAttribute('aria-expanded', 'false');
    expect(group).not.toHaveAttribute('data-active');
    expect(menu().getByRole('link', { name: 'Raw Materials Status' })).toHaveAttribute('aria-current', 'page');

    await router.navigate({ to: '/downtimes/causes' });
    await screen.findByRole('heading', { name: 'Downtime causes' });
    await waitFor(() => expect(group).toHaveAttribute('aria-expanded', 'true'));
    expect(group).toHaveAttribute('data-active');
    expect(await menu().findByRole('link', { name: 'Causes' })).toHaveAttribute('aria-current', 'page');
    expect(menu().getByRole('link', { name: 'Raw Materials Status' })).not.toHaveAttribute('aria-current');

    // The user may fold the group of the current page.
    await userEvent.setup().click(group);
    expect(group).toHaveAttribute('aria-expanded', 'false');
  });
});
