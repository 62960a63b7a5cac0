import type { ClientFaceType, ClientTypeAttribute, CurrentUser, DocumentsRole, Face, PortalRole } from '@generated/model';
import type { Language } from '../i18n/locales';

/**
 * Who is signed in, as the web app sees it: the API's answer to `GET /api/me` (the UI only mirrors it; the API
 * enforces the roles). The face (part 6), the client type and the documents role are the server's, never worked out
 * again here.
 */
export type ClientType = ClientFaceType;

export interface SessionUser {
  sub: string;
  name: string;
  email: string | null;
  /** The portal roles held: staff roles, and on the client face its type (client, buyer or seller). */
  roles: PortalRole[];
  face: Face;
  clientType: ClientType | null;
  company: string | null;
  /** The company's clientType attribute: '0' converter, '1' buyer. */
  companyClientType: ClientTypeAttribute | null;
  /** The `{role}` of the documents calls (part 7.3); null for faces without invoices. */
  documentsRole: DocumentsRole | null;
  /** The person's own language, null while they have chosen none. */
  language: Language | null;
  /** The company's default language (plant staff: the plant's, English). */
  companyLanguage: Language;
}

/** The portal's user from `GET /api/me`. */
export function userFromMe(me: CurrentUser): SessionUser {
  return {
    sub: me.id,
    // An account without a name or an e-mail address: a placeholder the identity service also shows, not a text.
    // eslint-disable-next-line lingui/no-unlocalized-strings
    name: me.fullName || me.email || 'User',
    email: me.email || null,
    roles: me.roles,
    face: me.face,
    clientType: me.clientType ?? null,
    company: me.company,
    companyClientType: me.clientTypeAttribute ?? null,
    documentsRole: me.documentsRole ?? null,
    language: me.language ?? null,
    companyLanguage: me.companyLanguage,
  };
}

export interface Session {
  user: SessionUser;
  /** A valid access token (refreshed in the background). */
  accessToken(): string;
  logout(): Promise<void>;
  /** Set up two-step verification at the identity service (when it offers one). */
  setUpSecondFactor?(): Promise<void>;
}

/** A sign-in before the user is known: the app asks `GET /api/me` with its token, then has a `Session`. */
export type SignedIn = Omit<Session, 'user'>;
