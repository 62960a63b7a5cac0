import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../mocks/node';

/**
 * Serves a list's export (`path` under /api, e.g. 'client/orders/export') with a file named as the API names it,
 * or with `answer`; returns the bodies it received.
 */
export function serveExport(path: string, filename: string, answer?: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post(`*/api/${path}`, async ({ request }) => {
      bodies.push(await request.json());
      if (answer) return answer();
      return new HttpResponse('\uFEFFA;B\r\n', {
        headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${filename}"` },
      });
    }),
  );
  return bodies;
}

/** The API's refusal of a list too long for an export (400 `maxRows`). */
export const tooManyRows = () =>
  HttpResponse.json(
    {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'The list has 100001 orders; an export carries at most 100000. Export a shorter list.',
      errors: [{ field: 'format', code: 'maxRows', message: 'too many', limit: 100000 }],
    },
    { status: 400, headers: { 'content-type': 'application/problem+json' } },
  );

/** Opens the list's 'Export' menu and picks a format. */
export async function exportAs(user: UserEvent, format: 'CSV' | 'Excel') {
  await user.click(screen.getByRole('button', { name: 'Export' }));
  await user.click(await screen.findByRole('menuitem', { name: format }));
}
