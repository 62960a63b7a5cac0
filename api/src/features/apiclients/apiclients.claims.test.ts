import { describe, expect, it } from 'vitest';
import { actorFromClaims } from '../../plugins/auth.js';

/** How a token's claims say "an API client" (docs/api.md, 'External identity providers'). */
describe("an API client's token becomes an actor", () => {
  const company = { resource_access: { 'orders-public': { roles: ['client'] } }, realm_access: { roles: ['buyer'] }, companyId: 'company-a' };

  it("the embedded provider's: sub is the client id (RFC 9068), with the company and client type of a person's token", () => {
    const actor = actorFromClaims({ sub: 'ac_x1', client_id: 'ac_x1', name: 'Nightly ERP', ...company });
    expect(actor).toMatchObject({ sub: 'ac_x1', clientType: 'buyer', companyId: 'company-a', name: 'Nightly ERP', apiClient: { clientId: 'ac_x1' } });
    expect([...actor.roles].sort()).toEqual(['buyer', 'guest']);
  });

  it("Keycloak's service account: named service-account-<client>, the client in azp or client_id", () => {
    const claims = { sub: '5b1e0c2a-0000-4000-8000-000000000001', preferred_username: 'service-account-erp', ...company };
    expect(actorFromClaims({ ...claims, azp: 'erp' }).apiClient).toEqual({ clientId: 'erp' });
    expect(actorFromClaims({ ...claims, client_id: 'erp', azp: 'other' }).apiClient).toEqual({ clientId: 'erp' });
  });

  it("a person's token is no API client, though it names the web app's client", () => {
    expect(actorFromClaims({ sub: 'user-1', client_id: 'orders-public', preferred_username: 'clara', ...company }).apiClient).toBeUndefined();
    expect(actorFromClaims({ sub: 'user-1', ...company }).apiClient).toBeUndefined();
  });
});
