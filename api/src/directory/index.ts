import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { EmbeddedDirectory } from './embedded.js';
import { KeycloakDirectory } from './keycloak.js';
import type { ClientDirectory } from './types.js';

export type { ClientDirectory, DirectoryClient, DirectoryClientType, DirectoryPerson, DirectoryUser } from './types.js';

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
