import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import type { Claim } from '@generated/model';
import { AppContext } from '../../app/context';
import { faceFor } from '../../app/faces';
import { mockSession } from '../../app/mockSession';
import { renderWithProviders } from '../../test/render.test-utils';
import ClaimsPage from './ClaimsPage';
import ClaimEditPage from './ClaimEditPage';

/**
 * Tests: the claim screens at `path` under a memory router with the routes /claims, /claims/new and /claims/$id,
 * signed in as `role` ('admin', 'client', 'buyer' or 'seller'). Returns the router to read the location from.
 */
export function renderClaims(path: string, role: 'admin' | 'client' | 'buyer' | 'seller' = 'client') {
  const rootRoute = createRootRoute({ component: Outlet });
  const route = (routePath: string, component: () => React.ReactNode) => createRoute({ getParentRoute: () => rootRoute, path: routePath, component });
  const router = createRouter({
    routeTree: rootRoute.addChildren([route('/claims', ClaimsPage), route('/claims/new', ClaimEditPage), route('/claims/$id', ClaimEditPage)]),
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

/** A claim of Nordic Springs on NS-0500 and order PO-24-0117, status new, one photo attached. */
export function claimFixture(overrides: Partial<Claim> = {}): Claim {
  return {
    id: 17,
    clientId: '7d2f6c1e-4b3a-4e8f-9a51-2c0d8e6b1f40',
    company: 'Nordic Springs AB',
    status: 'new',
    clientProductId: 21,
    ClientProduct: { id: 21, articleNo: 'NS-0500', productName: 'Spring Water 0.5 L' },
    clientProductionOrderId: 12,
    ClientProductionOrder: { id: 12, orderNo: 'PO-24-0117' },
    amount: 2400,
    deliveryDate: '2026-03-11',
    description: 'Cracked necks on two pallets of batch 0311.',
    immediateAction: null,
    rootCouse: null,
    correctiveActions: null,
    Uploads: [{ id: 204, originalFilename: 'label-batch-0311.jpg', mimetype: 'image/jpeg' }],
    createdAt: '2026-03-12T07:30:00Z',
    version: 2,
    ...overrides,
  };
}
