import type { CurrentUser, DocumentsRole, Face, PortalRole } from '../../../generated/web/model';
import { userFromMe, type Session } from './session';

/**
 * `pnpm dev:mock` and the component tests: a session without an identity service. VITE_MOCK_ROLE picks the face:
 * admin (default), operator, accountant, client, buyer, seller, guest. The user is what `GET /api/me` answers for
 * such an account (see api/src/features/session/session.service.ts).
 */
export function mockSession(role = 'admin'): Session {
  const clientType = ['client', 'buyer', 'seller'].includes(role) ? (role as 'client' | 'buyer' | 'seller') : null;
  const me: CurrentUser = {
    id: 'mock',
    fullName: 'Mock User',
    email: 'mock@orders-portal.local',
    roles: role === 'guest' ? [] : [role as PortalRole],
    face: clientType ? 'client' : (role as Face),
    company: clientType ? 'Nordic Springs AB' : null,
    ...(clientType ? { clientType, clientTypeAttribute: role === 'buyer' ? '1' : '0' } : {}),
    ...(['admin', 'accountant', 'client'].includes(role) ? { documentsRole: role as DocumentsRole } : {}),
    supportEmail: 'support@orders-portal.local',
    language: null,
    // Nordic Springs AB is Swedish; staff read the plant's English.
    companyLanguage: clientType ? 'sv' : 'en',
  };
  return {
    user: userFromMe(me),
    accessToken: () => 'mock-token',
    logout: async () => window.location.reload(),
  };
}
