import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db.test-utils.js';
import { as, createTestApp, post } from '../../../tests/support/app.test-utils.js';
import { limitPdfRenders, pdfDocument, renderPdf, renders } from '../pdf/pdf.js';

/** Issue 18: GET /metrics in Prometheus' text format, per operation id, with the pool and the process. */
let database: TestDatabase;
let open: FastifyInstance;
let guarded: FastifyInstance;
const TOKEN = 'scraper-token-0123456789';
const PAGE = { pagination: { page: 1, rowsPerPage: 10, sortBy: 'manufacturerName', descending: false } };

beforeAll(async () => {
  database = await createTestDatabase();
  open = await createTestApp(database.db);
  guarded = await createTestApp(database.db, { METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await open?.close();
  await guarded?.close();
  await database?.drop();
});

const scrape = async (app: FastifyInstance, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });

/** The value of one sample line, e.g. `http_requests_total{operation="X",…}`; 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}{`) && wanted.every((label) => candidate.includes(label)));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe('/metrics', () => {
  it('counts and times requests per operation id (not per URL), with their status, and shows the pool and the process', async () => {
    const before = (await scrape(open)).body;
    const labels = { operation: 'Manufacturers_getManufacturers', method: 'POST', status_code: '200' };
    for (let i = 0; i < 3; i++) expect((await post(open, '/api/admin/manufacturers/get', PAGE, await as.admin())).status).toBe(200);
    expect((await post(open, '/api/admin/manufacturers/get', PAGE, await as.client())).status).toBe(403);

    const response = await scrape(open);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(sample(text, 'http_requests_total', labels) - sample(before, 'http_requests_total', labels)).toBe(3);
    expect(sample(text, 'http_requests_total', { ...labels, status_code: '403' }) - sample(before, 'http_requests_total', { ...labels, status_code: '403' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', labels) - sample(before, 'http_request_duration_seconds_count', labels)).toBe(3);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0\.1",operation="Manufacturers_getManufacturers"/m);
    // A route outside the contract is labelled by its pattern; an unknown URL is one label, whatever it was.
    await open.inject({ method: 'GET', url: '/no/such/page/12345' });
    const after = (await scrape(open)).body;
    expect(after).toMatch(/^http_requests_total\{operation="unmatched",method="GET",status_code="404"\} \d+$/m);
    expect(after).not.toContain('12345');
    expect(sample(after, 'db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    expect(after).toMatch(/^db_pool_connections\{state="waiting"\} \d+$/m);
    expect(after).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(after).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it('shows the PDF queue: documents rendering, waiting for their turn, and the worker threads alive', async () => {
    limitPdfRenders(1);
    const document = () => pdfDocument({ title: 'Invoice 4711', content: [{ text: 'Nordic Springs AB' }] });
    const downloads = [renderPdf(document()), renderPdf(document()), renderPdf(document())];
    const during = (await scrape(open)).body;
    expect(sample(during, 'pdf_renders', { state: 'rendering' })).toBe(1);
    expect(sample(during, 'pdf_renders', { state: 'waiting' })).toBe(2);
    expect(sample(during, 'pdf_renders', { state: 'workers' })).toBe(1);
    await Promise.all(downloads);
    const after = (await scrape(open)).body;
    expect(after).toMatch(/^pdf_renders\{state="rendering"\} 0$/m);
    expect(after).toMatch(/^pdf_renders\{state="waiting"\} 0$/m);
    expect(sample(after, 'pdf_renders', { state: 'workers' })).toBe(renders.workers.size);
  });

  it('without METRICS_TOKEN answers a loopback connection only, and not one relayed by a proxy (404 otherwise)', async () => {
    expect((await scrape(open, {}, '10.1.2.3')).statusCode).toBe(404);
    expect((await scrape(open, { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
    expect((await scrape(open, {}, '::1')).statusCode).toBe(200);
  });

  it('with METRICS_TOKEN answers only that bearer token (401 otherwise), from any address', async () => {
    expect((await scrape(guarded)).statusCode).toBe(401);
    expect((await scrape(guarded, { authorization: 'Bearer wrong-token-0123456789' })).statusCode).toBe(401);
    expect((await scrape(guarded, { authorization: `Bearer ${await as.admin()}` })).statusCode).toBe(401);
    const scraped = await scrape(guarded, { authorization: `Bearer ${TOKEN}` }, '10.1.2.3');
    expect(scraped.statusCode).toBe(200);
    expect(scraped.body).toContain('# TYPE http_requests_total counter');
  });
});
