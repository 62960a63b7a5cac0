import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { AppContext } from '../../app/context';
import { faceFor } from '../../app/faces';
import { mockSession } from '../../app/mockSession';
import { renderWithProviders } from '../../test/render.test-utils';
import LotsPage from './LotsPage';
import LotPage from './LotPage';
import LotStockPage from './LotStockPage';

/** Tests: the lots screens at `path` under a memory router, signed in as `role` (admin or operator). Returns the router. */
export function renderLots(path: string, role: 'admin' | 'operator' = 'admin') {
  const rootRoute = createRootRoute({ component: Outlet });
  const route = (routePath: string, component: () => React.ReactNode) => createRoute({ getParentRoute: () => rootRoute, path: routePath, component });
  const router = createRouter({
    routeTree: rootRoute.addChildren([route('/lots', LotsPage), route('/lots/stock', LotStockPage), route('/lots/$id', LotPage)]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const session = mockSession(role);
  renderWithProviders(
    <AppContext.Provider value={{ session, face: faceFor(session.user), contactEmail: 'support@example.com' }}>
      <RouterProvider router={router} />
    </AppContext.Provider>,
  );
  return router;
}
