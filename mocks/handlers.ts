import { http, HttpResponse } from 'msw';
import { getManufacturersMock } from '../generated/web/endpoints/manufacturers/manufacturers.msw';
import { getPreformsMock } from '../generated/web/endpoints/preforms/preforms.msw';
import { getSupplyMock } from '../generated/web/endpoints/supply/supply.msw';

/**
 * The generated MSW handlers of every tag (orval, from the contract's examples). Operations that are not
 * covered answer 501 problem+json, like the API does for operations it does not implement yet.
 */
export const handlers = [
  ...getManufacturersMock(),
  ...getPreformsMock(),
  ...getSupplyMock(),
  http.all('*/api/*', ({ request }) =>
    HttpResponse.json(
      { type: 'about:blank', title: 'Not Implemented', status: 501, detail: `No mock for ${request.method} ${new URL(request.url).pathname}` },
      { status: 501, headers: { 'Content-Type': 'application/problem+json' } },
    ),
  ),
];
