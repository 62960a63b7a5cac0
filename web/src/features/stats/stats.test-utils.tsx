/* eslint-disable lingui/no-unlocalized-strings -- a test helper: the mock API's answers and the demo's product names are data, not the app's texts */
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import { AppContext } from '../../app/context';
import { faceFor } from '../../app/faces';
import { mockSession } from '../../app/mockSession';
import { renderWithProviders } from '../../test/render.test-utils';

/** Tests: renders a statistics page for the signed-in client 'Mock User'. */
export function renderAsClient(page: React.ReactElement) {
  const session = mockSession('client');
  return renderWithProviders(
    <AppContext.Provider value={{ session, face: faceFor(session.user), contactEmail: 'support@example.com' }}>{page}</AppContext.Provider>,
  );
}

/**
 * Tests: answers a statistics call with `answer(body)` (a JSON body, or a status code for a problem) and records
 * the bodies it received.
 */
export function serveStats<Body>(path: string, answer: (body: Body) => unknown) {
  const bodies: Body[] = [];
  server.use(
    http.post(`*/api/client/${path}`, async ({ request }) => {
      const body = (await request.json()) as Body;
      bodies.push(body);
      const result = answer(body);
      if (typeof result === 'number') {
        return HttpResponse.json({ type: 'about:blank', title: 'Internal Server Error', status: result, detail: 'The database is not reachable.' }, { status: result });
      }
      return HttpResponse.json(result as object);
    }),
  );
  return bodies;
}

export const SPRING = { id: 21, articleNo: 'NS-0500', productName: 'Spring Water 0.5 L' };
export const SPARKLING = { id: 22, articleNo: 'NS-1500', productName: 'Sparkling Water 1.5 L' };
