import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { server } from '../../../../mocks/node';
import { renderWithProviders } from '../../test/render.test-utils';
import { AppContext } from '../../app/context';
import { faceFor } from '../../app/faces';
import { mockSession } from '../../app/mockSession';
import { NotificationsBell } from './NotificationsBell';
import { parseEvents } from './notificationStream';

const NOTIFICATION = {
  id: 5, kind: 'order_item.confirmed', recordType: 'order_item', recordId: '41', orderId: 12, label: 'PO-2026-014', company: 'Nordic Water AB',
  actor: { kind: 'user', name: 'Sam Seller' }, count: 3, data: { by: 'seller' }, occurredAt: '2026-12-02T09:00:00Z', readAt: null,
};

/** The buyer's face with the bell, on a page of its own. */
function renderBell() {
  const session = mockSession('buyer');
  const face = faceFor(session.user);
  const rootRoute = createRootRoute({ component: () => <NotificationsBell /> });
  const routes = face.routes.map((route) => createRoute({ getParentRoute: () => rootRoute, path: route.path, component: () => <h2>{route.title}</h2> }));
  const router = createRouter({ routeTree: rootRoute.addChildren(routes), history: createMemoryHistory({ initialEntries: ['/'] }) });
  renderWithProviders(
    <AppContext.Provider value={{ session, face, contactEmail: 'support@example.com' }}>
      <RouterProvider router={router} />
    </AppContext.Provider>,
  );
}

/** The bell with nothing to tell (and its stream down, so the count is asked for). */
function renderBellWithoutNotifications() {
  server.use(
    http.post('*/api/notifications/stream', () => new HttpResponse(null, { status: 503 })),
    http.post('*/api/notifications/unread/get', () => HttpResponse.json({ unread: 0 })),
    http.post('*/api/notifications/get', () => HttpResponse.json({ rows: [], count: 0, unread: 0 })),
  );
  renderBell();
}

describe('the bell', () => {
  it('counts the unread, lists what happened to which order by whom, and marks one read', async () => {
    let unread = 1;
    const marked: unknown[] = [];
    server.use(
      http.post('*/api/notifications/stream', () => new HttpResponse(null, { status: 503 })),
      http.post('*/api/notifications/unread/get', () => HttpResponse.json({ unread })),
      http.post('*/api/notifications/get', () => HttpResponse.json({ rows: [{ ...NOTIFICATION, readAt: unread ? null : '2026-12-02T09:05:00Z' }], count: 1, unread })),
      http.post('*/api/notifications/read', async ({ request }) => {
        marked.push(await request.json());
        unread = 0;
        return HttpResponse.json({ unread });
      }),
    );
    const user = userEvent.setup();
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(bell);
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    const item = (await within(drawer).findAllByTestId('notification'))[0]!;
    expect(item).toHaveTextContent('Item confirmed by the seller');
    expect(item).toHaveTextContent('×3');
    expect(within(item).getByRole('link', { name: 'Order PO-2026-014' })).toHaveAttribute('href', '/orders/12');
    expect(item).toHaveTextContent('Sam Seller');
    await user.click(within(item).getByRole('button', { name: /^Mark read/ }));
    expect(marked).toEqual([{ notificationIds: [5] }]);
    expect(await screen.findByRole('button', { name: 'Notifications, 0 unread' })).toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    const user = userEvent.setup();
    renderBellWithoutNotifications();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 0 unread' }));
    expect(await screen.findByText(/No notifications yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('opens its drawer from the keyboard and gives the focus back to the bell when it closes', async () => {
    const user = userEvent.setup();
    renderBellWithoutNotifications();
    const bell = await screen.findByRole('button', { name: 'Notifications, 0 unread' });
    bell.focus();
    await user.keyboard('{Enter}');
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(drawer).findByText(/No notifications yet/)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument());
    await waitFor(() => expect(bell).toHaveFocus());
  });
});

describe('the stream', () => {
  it('reads events ending in a blank line and keeps a partial one for the next chunk; comments are no events', () => {
    expect(parseEvents('retry: 3000\n\nevent: unread\ndata: {"unread":2}\n\n: keep-alive\n\nevent: unr')).toEqual({
      events: [{ event: 'unread', data: '{"unread":2}' }],
      rest: 'event: unr',
    });
  });
});
