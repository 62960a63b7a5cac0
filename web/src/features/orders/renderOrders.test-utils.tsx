import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { AppContext } from '../../app/context';
import { faceFor } from '../../app/faces';
import { mockSession } from '../../app/mockSession';
import type { ClientType } from '../../app/session';
import { renderWithProviders } from '../../test/render.test-utils';
import OrdersPage from './OrdersPage';
import OrderEditPage from './OrderEditPage';

/**
 * Tests: the client's order screens at `path` under a memory router with the client face's three order routes,
 * signed in as a user of `clientType`. Returns the router to read the location from.
 */
export function renderOrders(path: string, clientType: ClientType = 'client') {
  const rootRoute = createRootRoute({ component: Outlet });
  const route = (routePath: string, component: () => React.ReactNode) => createRoute({ getParentRoute: () => rootRoute, path: routePath, component });
  const router = createRouter({
    routeTree: rootRoute.addChildren([route('/orders', OrdersPage), route('/orders/new', OrderEditPage), route('/orders/$id', OrderEditPage)]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const session = mockSession(clientType);
  renderWithProviders(
    <AppContext.Provider value={{ session, face: faceFor(session.user), contactEmail: 'support@example.com' }}>
      <RouterProvider router={router} />
    </AppContext.Provider>,
  );
  return router;
}
