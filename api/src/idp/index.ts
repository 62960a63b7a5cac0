import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';

/** The embedded OpenID Connect provider (oidc-provider), mounted under /idp. */
export interface EmbeddedIdentityProvider {
  /** Public keys that sign the access tokens; the API verifies tokens with them. */
  jwks: JSONWebKeySet;
  /** Mounts the provider and its login page at /idp on the app. */
  register(app: FastifyInstance): Promise<void>;
}

export async function createEmbeddedIdp(options: { db: Db; config: Config; log: FastifyBaseLogger }): Promise<EmbeddedIdentityProvider> {
  void options;
  throw new Error('The embedded identity provider is not built yet.');
}
