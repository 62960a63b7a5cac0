import { describe, expect, it } from 'vitest';
import { actorFromClaims } from '../plugins/auth.js';
import { rolesFromClaims } from './roles.js';

/**
 * Roles come from the access token: resource roles of `orders-public` (admin, operator, accountant, client) and, for
 * client users, the realm role buyer or seller, which replaces `client`. Every signed-in user also holds `guest`.
 */
const claims = (resource: string[], realm: string[] = [], client = 'orders-public') => ({
  resource_access: { [client]: { roles: resource } },
  realm_access: { roles: realm },
});

describe('rolesFromClaims', () => {
  it('every signed-in user holds guest, and only guest without a portal role', () => {
    expect(rolesFromClaims({})).toEqual({ roles: new Set(['guest']), clientType: null });
    expect(rolesFromClaims(claims([]))).toEqual({ roles: new Set(['guest']), clientType: null });
  });

  it('staff roles are the resource roles of orders-public', () => {
    expect(rolesFromClaims(claims(['admin', 'operator', 'accountant']))).toEqual({ roles: new Set(['guest', 'admin', 'operator', 'accountant']), clientType: null });
    expect(rolesFromClaims(claims(['operator'])).roles).toEqual(new Set(['guest', 'operator']));
  });

  it("another client's roles, and realm roles, grant no staff role", () => {
    expect(rolesFromClaims(claims(['admin'], [], 'another-client')).roles).toEqual(new Set(['guest']));
    expect(rolesFromClaims(claims([], ['admin', 'seller'])).roles).toEqual(new Set(['guest']));
  });

  it('a client user is a converter (client), or a buyer or a seller when the realm says so: exactly one client type', () => {
    expect(rolesFromClaims(claims(['client']))).toEqual({ roles: new Set(['guest', 'client']), clientType: 'client' });
    expect(rolesFromClaims(claims(['client'], ['buyer']))).toEqual({ roles: new Set(['guest', 'buyer']), clientType: 'buyer' });
    expect(rolesFromClaims(claims(['client'], ['seller']))).toEqual({ roles: new Set(['guest', 'seller']), clientType: 'seller' });
    expect(rolesFromClaims(claims(['client'], ['buyer', 'seller'])).clientType).toBe('seller');
  });
});

describe('actorFromClaims', () => {
  it('a client user carries its company; a staff user none, even with a companyId claim', () => {
    expect(actorFromClaims({ sub: 'u1', ...claims(['client']), companyId: 'company-a' })).toMatchObject({ sub: 'u1', clientType: 'client', companyId: 'company-a' });
    expect(actorFromClaims({ sub: 'u2', ...claims(['admin']), companyId: 'company-a' })).toMatchObject({ clientType: null, companyId: null });
    expect(actorFromClaims({ sub: 'u3', ...claims(['client']), companyId: '' }).companyId).toBeNull();
  });

  it('the name is the name claim, else given and family name, else the subject; the e-mail when there is one', () => {
    expect(actorFromClaims({ sub: 'u1', name: 'Alice Admin', given_name: 'A', family_name: 'B', email: 'a@example.com' })).toMatchObject({ name: 'Alice Admin', email: 'a@example.com' });
    expect(actorFromClaims({ sub: 'u1', name: '', given_name: 'Anna', family_name: 'Bērziņa' }).name).toBe('Anna Bērziņa');
    expect(actorFromClaims({ sub: 'u1', given_name: 'Anna' }).name).toBe('Anna');
    expect(actorFromClaims({ sub: 'u1', family_name: 'Bērziņa' }).name).toBe('Bērziņa');
    expect(actorFromClaims({ sub: 'u1' })).toMatchObject({ name: 'u1', email: null });
    expect(actorFromClaims({ sub: 'u1', email: '' }).email).toBeNull();
  });

  it('refuses a token without a subject', () => {
    expect(() => actorFromClaims({ name: 'No One' })).toThrow(/subject/);
  });

  it('the roles are the token roles', () => {
    expect(actorFromClaims({ sub: 'u1', ...claims(['client'], ['buyer']) }).roles).toEqual(new Set(['guest', 'buyer']));
  });
});
