import { describe, expect, it, onTestFinished } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import { renderWithProviders } from '../../test/render.test-utils';
import { MESSAGES } from '../../api/messages';
import { faceFor } from '../../app/faces';
import { mockSession } from '../../app/mockSession';
import NotificationSettingsPage from './NotificationSettingsPage';
import { activateLocale } from '../../i18n/i18n';

const SAVED = {
  choices: [
    { kind: 'order_item.confirmed', delivery: 'portal' },
    { kind: 'claim.status_changed', delivery: 'portal' },
  ],
  digestHour: 8,
  timeZone: 'UTC',
  email: 'bea@example.com',
};

describe('notification settings', () => {
  it('every signed-in face has the page; the guest has not', () => {
    for (const role of ['admin', 'operator', 'accountant', 'client', 'buyer', 'seller'] as const)
      expect(faceFor(mockSession(role).user).routes.map((route) => route.path), role).toContain('/notifications/settings');
    expect(faceFor(mockSession('guest').user).routes.map((route) => route.path)).not.toContain('/notifications/settings');
  });

  it('shows the choices per kind and saves e-mail at once, the digest hour and the zone', async () => {
    const saved: unknown[] = [];
    server.use(
      http.post('*/api/notifications/preferences/get', () => HttpResponse.json(SAVED)),
      http.post('*/api/notifications/preferences', async ({ request }) => {
        const body = (await request.json()) as typeof SAVED;
        saved.push(body);
        return HttpResponse.json({ ...body, email: SAVED.email });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<NotificationSettingsPage />);
    expect(await screen.findByText('E-mail goes to bea@example.com.')).toBeInTheDocument();
    await user.click(screen.getByLabelText('How you hear of: Item confirmed', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'E-mail at once' }));
    const hour = screen.getByLabelText(/Daily digest at/, { selector: 'input' });
    await user.clear(hour);
    await user.type(hour, '7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Notification settings saved.');
    expect(saved).toEqual([{ choices: [{ kind: 'order_item.confirmed', delivery: 'immediate' }, { kind: 'claim.status_changed', delivery: 'portal' }], digestHour: 7, timeZone: 'UTC' }]);
  });

  it("an hour past 23 is refused in the form with the catalogue's text and nothing is sent", async () => {
    let calls = 0;
    server.use(
      http.post('*/api/notifications/preferences/get', () => HttpResponse.json(SAVED)),
      http.post('*/api/notifications/preferences', () => {
        calls++;
        return HttpResponse.json(SAVED);
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<NotificationSettingsPage />);
    const hour = await screen.findByLabelText(/Daily digest at/, { selector: 'input' });
    await user.clear(hour);
    await user.type(hour, '24');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.fixFields)).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it("a zone the API does not know shows the catalogue's text at the zone", async () => {
    server.use(
      http.post('*/api/notifications/preferences/get', () => HttpResponse.json({ ...SAVED, timeZone: 'Europe/Atlantis' })),
      http.post('*/api/notifications/preferences', () =>
        HttpResponse.json({ type: 'about:blank', title: 'Bad Request', status: 400, detail: 'not a zone', errors: [{ field: 'timeZone', code: 'timeZone', message: 'not a zone' }] }, { status: 400 }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<NotificationSettingsPage />);
    await screen.findByText('E-mail goes to bea@example.com.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const zone = screen.getByLabelText(/Time zone/, { selector: 'input' });
    expect(await within(zone.closest('.mantine-InputWrapper-root') as HTMLElement).findByText(MESSAGES.timeZone)).toBeInTheDocument();
    expect(zone).toHaveAttribute('aria-invalid', 'true');
  });

  it('speaks Swedish to a Swedish person: the headings, the kinds, the choices and the digest hour', async () => {
    server.use(http.post('*/api/notifications/preferences/get', () => HttpResponse.json({ ...SAVED, digestHour: 8, choices: [{ kind: 'order_item.confirmed', delivery: 'digest' }] })));
    await activateLocale('sv');
    onTestFinished(async () => {
      await activateLocale('en');
    });
    renderWithProviders(<NotificationSettingsPage />);
    expect(await screen.findByRole('heading', { name: 'Aviseringsinställningar' })).toBeInTheDocument();
    expect(screen.getByText('E-post skickas till bea@example.com.')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Hur du får veta det' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Hur du får veta: /, { selector: 'input' })).toHaveValue('Daglig sammanfattning');
    expect(screen.getByLabelText(/^Daglig sammanfattning klockan/, { selector: 'input' })).toHaveValue('8');
    expect(screen.getByRole('button', { name: 'Spara' })).toBeInTheDocument();
  });
});
