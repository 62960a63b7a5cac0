import type { Session } from './session';

/**
 * `pnpm dev:mock`: the app runs against the Prism mock of the contract without an identity service.
 * VITE_MOCK_ROLE picks the face: admin (default), operator, accountant, client, buyer, seller, guest.
 */
export function mockSession(role = 'admin'): Session {
  const clientType = ['client', 'buyer', 'seller'].includes(role) ? (role as 'client' | 'buyer' | 'seller') : null;
  return {
    user: {
      sub: 'mock',
      name: 'Mock User',
      email: 'mock@orders-portal.local',
      roles: clientType ? ['client'] : role === 'guest' ? [] : [role],
      clientType,
      company: clientType ? 'Nordic Springs AB' : null,
      companyClientType: role === 'buyer' ? '1' : clientType ? '0' : null,
    },
    accessToken: () => 'mock-token',
    logout: async () => window.location.reload(),
  };
}
