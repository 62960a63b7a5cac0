import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { server } from '../../../mocks/node';
import { QueryObserver } from '@tanstack/react-query';
import { renderWithProviders } from '../test/render.test-utils';
import { createQueryClient } from '../app/providers';
import { describeError } from './describeError';
import { ApiError, http, idempotencyKey } from './http';

const unavailable = () =>
  HttpResponse.json({ type: 'about:blank', title: 'Service Unavailable', status: 503 }, { status: 503, headers: { 'Retry-After': '5', 'Content-Type': 'application/problem+json' } });

describe('saves while the service is briefly unavailable', () => {
  it('re-sends a save with its Idempotency-Key, the same key each time, until it is answered', async () => {
    const keys: (string | null)[] = [];
    server.use(
      mswHttp.post('*/api/client/orders/save', ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return keys.length === 1 ? unavailable() : HttpResponse.json({ id: 15 });
      }),
    );
    const saved = await http<{ id: number }>({ url: '/api/client/orders/save', method: 'POST', data: {}, headers: idempotencyKey() });
    expect(saved).toEqual({ id: 15 });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('never re-sends a write without a key, and gives each save attempt a new key', async () => {
    let calls = 0;
    server.use(
      mswHttp.post('*/api/admin/manufacturer/save', () => {
        calls++;
        return unavailable();
      }),
    );
    const failed = await http({ url: '/api/admin/manufacturer/save', method: 'POST', data: {} }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ApiError);
    expect((failed as ApiError).status).toBe(503);
    expect((failed as ApiError).retryAfterSeconds).toBe(5);
    expect(calls).toBe(1);
    expect(idempotencyKey()['Idempotency-Key']).not.toBe(idempotencyKey()['Idempotency-Key']);
  });

  it("says 'The service is briefly unavailable, retrying…' from a 503 until the next answer", async () => {
    renderWithProviders(<p>screen</p>);
    server.use(
      mswHttp.post('*/api/admin/manufacturers/get', unavailable, { once: true }),
      mswHttp.post('*/api/admin/manufacturers/get', () => HttpResponse.json({ rows: [], count: 0 })),
    );
    const read = () => http({ url: '/api/admin/manufacturers/get', method: 'POST', data: {} });
    await read().catch(() => undefined);
    expect(await screen.findByRole('status')).toHaveTextContent('The service is briefly unavailable, retrying…');
    await read();
    await waitFor(() => expect(screen.queryByText('The service is briefly unavailable, retrying…')).not.toBeInTheDocument());
  });
});

describe('reads while the service is briefly unavailable', () => {
  it('asks again after a 503, with backoff, instead of showing an error', async () => {
    let calls = 0;
    server.use(
      mswHttp.post('*/api/admin/manufacturers/get', () => {
        calls++;
        return calls === 1 ? unavailable() : HttpResponse.json({ rows: [], count: 0 });
      }),
    );
    const observer = new QueryObserver(createQueryClient(), {
      queryKey: ['manufacturers while unavailable'],
      queryFn: () => http({ url: '/api/admin/manufacturers/get', method: 'POST', data: {} }),
    });
    const result = await new Promise<{ status: string; data: unknown }>((resolve) => {
      const unsubscribe = observer.subscribe((state) => {
        if (state.status !== 'pending') {
          unsubscribe();
          resolve(state);
        }
      });
    });
    expect(result).toMatchObject({ status: 'success', data: { rows: [], count: 0 } });
    expect(calls).toBe(2);
  });
});

describe('a refusal (403) says why', () => {
  it("shows the server's reason (the problem detail) instead of a generic text", async () => {
    const reason = 'Baltic Beverages SIA is a buyer-type client: stock cannot be edited for it; only prices can.';
    server.use(
      mswHttp.post('*/api/admin/client/products/stock/details/save', () =>
        HttpResponse.json({ type: 'about:blank', title: 'Forbidden', status: 403, detail: reason }, { status: 403, headers: { 'Content-Type': 'application/problem+json' } }),
      ),
    );
    const refused = await http({ url: '/api/admin/client/products/stock/details/save', method: 'POST', data: {} }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(describeError(refused)).toBe(reason);
  });

  it("says 'Your account may not do this.' only when the server gave no reason", () => {
    expect(describeError(new ApiError(403, { title: 'Forbidden', status: 403 }))).toBe('Your account may not do this.');
  });
});
