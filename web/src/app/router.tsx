import { createHashHistory, createRootRoute, createRoute, createRouter, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { Layout } from './Layout';
import { NotFoundPage } from '../components/NotFoundPage';
import type { Face } from './faces';
import { featureCataloguesLoaded } from '../i18n/i18n';

/**
 * The router of one face: hash history (part 2), one lazily loaded chunk per screen, the 404 page for
 * every path the face does not have, and a scroll to the top on each navigation. A screen draws once its chunk and the
 * catalogues of the features its modules speak for (`loadFeatureCatalogue`) are loaded.
 */
export function createFaceRouter(face: Face) {
  const rootRoute = createRootRoute({ component: Layout, notFoundComponent: NotFoundPage });
  const routes = face.routes.map((route) =>
    createRoute({ getParentRoute: () => rootRoute, path: route.path, component: lazyRouteComponent(() => route.load().then(async (screen) => (await featureCataloguesLoaded(), screen))) }),
  );
  const redirects = Object.entries(face.redirects).map(([from, to]) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path: from,
      beforeLoad: () => {
        throw redirect({ to, replace: true });
      },
    }),
  );
  const router = createRouter({
    routeTree: rootRoute.addChildren([...routes, ...redirects]),
    history: createHashHistory(),
    defaultPreload: 'intent',
    defaultNotFoundComponent: NotFoundPage,
  });
  router.subscribe('onResolved', ({ pathChanged }) => {
    if (pathChanged) window.scrollTo({ top: 0 });
  });
  return router;
}
