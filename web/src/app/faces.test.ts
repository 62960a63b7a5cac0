import { describe, expect, it } from 'vitest';
import { OPERATION_ROLES } from '@generated/operationRoles';
import { faceFor, type MenuEntry } from './faces';
import { mockSession } from './mockSession';

const ROLES = ['admin', 'operator', 'accountant', 'client', 'buyer', 'seller', 'guest'] as const;

const faceOf = (role: string) => faceFor(mockSession(role).user);
const links = (entries: MenuEntry[]): string[] => entries.flatMap((entry) => (entry.children ? links(entry.children) : [entry.to!]));
const labels = (entries: MenuEntry[]) => entries.map((entry) => entry.label);

describe('who sees which screen comes from the contract: the x-roles of the calls each page makes (part 6)', () => {
  it.each(ROLES)('no route is registered for %s that one of its calls refuses to that role', (role) => {
    const { user } = mockSession(role);
    for (const route of faceOf(role).routes) {
      for (const operation of route.calls) {
        const allowed: readonly string[] = OPERATION_ROLES[operation];
        expect(allowed.includes('guest') || user.roles.some((held) => allowed.includes(held)), `${role} sees ${route.path}, which calls ${operation} (${allowed.join(', ')})`).toBe(true);
      }
    }
  });

  it.each(ROLES)('every menu entry of %s opens a registered page', (role) => {
    const face = faceOf(role);
    const paths = face.routes.map((route) => route.path);
    for (const to of links(face.menu)) expect(paths).toContain(to);
  });

  it('each page declares the calls it makes, by their operation ids in the contract', () => {
    for (const role of ROLES) {
      for (const route of faceOf(role).routes) for (const operation of route.calls) expect(OPERATION_ROLES).toHaveProperty(operation);
    }
  });
});

describe('the menus of part 2 for each face and client type', () => {
  it('admin: the staff menu with the downtime group', () => {
    expect(labels(faceOf('admin').menu)).toEqual([
      'Raw Materials Status', 'Supply plan', 'Production orders', 'Claims', 'Preform stock', 'Traceability', 'Client inventory', 'Preform inventory', 'Manufacturers', 'Invoices', 'Downtimes history', 'Machines', 'Delivery performance', 'Audit log', 'API clients', 'Webhooks',
    ]);
    expect(faceOf('admin').routes).toHaveLength(29);
  });

  it('operator: Agenda, Preform stock, Traceability, History, Machines; accountant: Invoices only; guest: no menu', () => {
    expect(labels(faceOf('operator').menu)).toEqual(['Agenda', 'Preform stock', 'Traceability', 'History', 'Machines']);
    expect(links(faceOf('operator').menu)).toEqual(['/', '/stock', '/lots', '/lots/stock', '/downtime/history', '/machines/live', '/machines/performance']);
    expect(labels(faceOf('accountant').menu)).toEqual(['Invoices']);
    expect(faceOf('guest').menu).toEqual([]);
    expect(faceOf('guest').routes.map((route) => route.path)).toEqual(['/']);
  });

  it('a client (converter) has forecasts, invoices and statistics but no planner', () => {
    const face = faceOf('client');
    expect(labels(face.menu)).toEqual(['Portfolio', 'Forecasts', 'Orders', 'Claims', 'Invoices', 'Statistics', 'Webhooks']);
    expect(links(face.menu)).toContain('/stats/production-quantity');
    expect(links(face.menu)).toContain('/stats/delivery');
    expect(face.routes.map((route) => route.path)).not.toContain('/agenda');
  });

  it("a buyer has forecasts, files claims and subscribes its company's webhooks; no invoices, statistics or planner", () => {
    const paths = faceOf('buyer').routes.map((route) => route.path);
    expect(labels(faceOf('buyer').menu)).toEqual(['Portfolio', 'Forecasts', 'Orders', 'Claims', 'Webhooks']);
    expect(paths).toEqual(expect.arrayContaining(['/planning', '/planning/$id', '/claims/new']));
    expect(paths).not.toEqual(expect.arrayContaining(['/documents']));
    expect(paths.filter((path) => path.startsWith('/stats') || path === '/agenda')).toEqual([]);
  });

  it("a seller plans on the planner, reads claims and subscribes its company's webhooks, but files no claim and has no forecasts", () => {
    const paths = faceOf('seller').routes.map((route) => route.path);
    expect(labels(faceOf('seller').menu)).toEqual(['Portfolio', 'Orders', 'Planner', 'Claims', 'Webhooks']);
    expect(paths).toEqual(['/profile', '/orders', '/orders/new', '/orders/$id', '/claims', '/claims/$id', '/agenda', '/webhooks', '/notifications/settings']);
  });
});
