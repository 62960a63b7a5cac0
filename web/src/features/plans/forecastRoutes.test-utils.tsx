import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { renderWithProviders } from '../../test/render.test-utils';
import ForecastsPage from './ForecastsPage';
import ForecastEditPage from './ForecastEditPage';

/** Renders the two forecast routes of the client face in a memory router, starting at `path`. */
export function renderForecastsAt(path: string) {
  const root = createRootRoute({ component: Outlet });
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({ getParentRoute: () => root, path: '/planning', component: ForecastsPage }),
      createRoute({ getParentRoute: () => root, path: '/planning/$id', component: ForecastEditPage }),
    ]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}
