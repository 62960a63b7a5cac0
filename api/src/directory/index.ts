import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { EmbeddedDirectory } from './embedded.js';
import { KeycloakDirectory } from './keycloak.js';

export type DirectoryClientType = '0' | '1';

/** One client company as the identity service knows it (what the original read from Keycloak's admin API). */
export interface DirectoryClient {
  /** The company id (the `companyId` claim of its users). */
  id: string;
  company: string;
  /** Machines (FBs) of the client. */
  fbs: string[];
  address: string;
  clientType: DirectoryClientType;
  /** Creation time in milliseconds since the epoch. */
  createdTimestamp: number;
  enabled: boolean;
  /** E-mail and full name of the company's first user. */
  email: string | null;
  fullName: string | null;
}

/** One user of the identity service with their client attributes (null for staff without a company). */
export interface DirectoryUser {
  id: string;
  username: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  fullName: string | null;
  enabled: boolean;
  createdTimestamp: number;
  companyId: string | null;
  company: string | null;
  fbs: string[];
  address: string | null;
  clientType: DirectoryClientType | null;
}

export interface ClientDirectory {
  /** Every client company, in the order of their names. */
  listClients(): Promise<DirectoryClient[]>;
  /** A user by id; a company id finds that company's first user. Undefined when there is none. */
  getUser(id: string): Promise<DirectoryUser | undefined>;
}

export class DirectoryConfigurationError extends Error {}

/** The directory chosen by DIRECTORY: the embedded identity store (default) or Keycloak's admin REST API. */
export function createDirectory(config: Config, db: Db, options: { fetch?: typeof fetch } = {}): ClientDirectory {
  if (config.DIRECTORY === 'keycloak') {
    if (!config.KEYCLOAK_ADMIN_URL || !config.KEYCLOAK_ADMIN_CLIENT_ID || !config.KEYCLOAK_ADMIN_CLIENT_SECRET) {
      throw new DirectoryConfigurationError(
        'DIRECTORY=keycloak needs KEYCLOAK_ADMIN_URL (the realm URL, e.g. https://sso.example.com/realms/orders), KEYCLOAK_ADMIN_CLIENT_ID and KEYCLOAK_ADMIN_CLIENT_SECRET.',
      );
    }
    return new KeycloakDirectory({
      realmUrl: config.KEYCLOAK_ADMIN_URL,
      clientId: config.KEYCLOAK_ADMIN_CLIENT_ID,
      clientSecret: config.KEYCLOAK_ADMIN_CLIENT_SECRET,
      clientGroup: config.KEYCLOAK_CLIENT_GROUP,
      fetch: options.fetch,
    });
  }
  return new EmbeddedDirectory(db);
}

export { EmbeddedDirectory, KeycloakDirectory };
