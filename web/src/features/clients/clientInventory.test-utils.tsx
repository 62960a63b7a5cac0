import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { renderWithProviders } from '../../test/render.test-utils';
import ClientsPage from './ClientsPage';
import ClientProductsPage from './ClientProductsPage';
import ProductStockPage from './ProductStockPage';

/** Renders the three client-inventory routes of the admin face in a memory router, starting at `path`. */
export function renderClientInventoryAt(path: string) {
  const root = createRootRoute({ component: Outlet });
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({ getParentRoute: () => root, path: '/clients', component: ClientsPage }),
      createRoute({ getParentRoute: () => root, path: '/clients/$id', component: ClientProductsPage }),
      createRoute({ getParentRoute: () => root, path: '/clients/$clientid/productstock/$id', component: ProductStockPage }),
    ]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}
