import { describe, expect, it } from 'vitest';
import type { Actor } from '../lib/actor.js';
import type { ClientType, Role } from '../lib/roles.js';
import { admit, bearerToken } from './gate.js';

const actor = (roles: Role[], clientType: ClientType | null = null, companyId: string | null = null): Actor => ({
  sub: 'u-1',
  roles: new Set<Role>([...roles, 'guest']),
  clientType,
  companyId,
  name: 'Test User',
  email: null,
});

/** The status and detail of the problem `admit` throws, or 'admitted'. */
function decide(caller: Actor, allowed: Role[], pathRole?: string) {
  try {
    admit(caller, allowed, pathRole);
    return 'admitted';
  } catch (error) {
    const problem = error as { status: number; detail: string };
    return { status: problem.status, detail: problem.detail };
  }
}

describe('the bearer token of the Authorization header', () => {
  it('is the token after the Bearer scheme, whatever its case', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer abc')).toBe('abc');
  });

  it('is none without a header, with another scheme, or without a token', () => {
    expect(bearerToken(undefined)).toBeNull();
    expect(bearerToken('')).toBeNull();
    expect(bearerToken('Basic dXNlcjpwYXNz')).toBeNull();
    expect(bearerToken('Bearer')).toBeNull();
    expect(bearerToken('Bearer ')).toBeNull();
  });
});

describe('the gate admits a caller exactly as the operation’s x-roles say', () => {
  it('admits a caller holding one of the roles', () => {
    expect(decide(actor(['admin']), ['admin'])).toBe('admitted');
    expect(decide(actor(['operator']), ['admin', 'operator'])).toBe('admitted');
    expect(decide(actor(['client'], 'client', 'nordic'), ['client', 'buyer'])).toBe('admitted');
  });

  it('refuses a caller holding none of them with 403', () => {
    expect(decide(actor(['operator']), ['admin'])).toEqual({ status: 403, detail: 'Your role may not call this operation.' });
    expect(decide(actor([]), ['admin', 'operator', 'accountant'])).toEqual({ status: 403, detail: 'Your role may not call this operation.' });
    expect(decide(actor(['admin']), [])).toEqual({ status: 403, detail: 'Your role may not call this operation.' });
  });

  it('lets a guest call what lists guest (every signed-in user holds it)', () => {
    expect(decide(actor([]), ['guest'])).toBe('admitted');
  });

  it('refuses a client-type caller without a company', () => {
    expect(decide(actor(['buyer'], 'buyer', null), ['buyer'])).toEqual({ status: 403, detail: 'Your account is not linked to a client company.' });
    expect(decide(actor(['admin'], null, null), ['admin'])).toBe('admitted');
  });

  it('refuses a {role} path segment naming a role the caller does not hold', () => {
    expect(decide(actor(['admin', 'operator']), ['admin', 'operator'], 'operator')).toBe('admitted');
    expect(decide(actor(['operator']), ['admin', 'operator'], 'admin')).toEqual({ status: 403, detail: "You do not hold the role 'admin'." });
  });
});
