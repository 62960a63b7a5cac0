import { expect, test } from './support.test-utils.js';

test('the built portal serves the favicon its page links', async ({ request }) => {
  const index = await (await request.get('/')).text();
  expect(index).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml" />');
  const icon = await request.get('/favicon.svg');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toContain('image/svg+xml');
  expect(await icon.text()).toContain('<svg');
});
