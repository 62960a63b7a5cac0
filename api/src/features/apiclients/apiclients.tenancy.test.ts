import { afterAll } from "vitest";
import type { Db } from "../../db/database.js";
import { newClientId, newClientSecret } from "../../idp/api-clients.js";
import type { Role } from "../../lib/roles.js";
import {
  startPortalWithIdp,
  type PortalWithIdp,
} from "../../../../tests/support/idp.test-utils.js";
import { tenancyMatrix } from "../../../../tests/support/tenancy-matrix.test-utils.js";
import { insertApiClient } from "./apiclients.repository.js";

/**
 * The tenancy matrix (tests/support/tenancy-matrix.test-utils.ts, generated from the contract) with API clients as the callers:
 * company B's API client, signed in with client credentials at the embedded provider, calls every client-face
 * operation that takes an id with company A's record there, and must find it missing. Each (company, client type) gets
 * its own API client; its token comes from the token endpoint, as an integrator's does.
 */
let portal: PortalWithIdp | undefined;
let database: Db;
const tokens = new Map<string, { token: string; at: number }>();
/** Tokens live ACCESS_TOKEN_TTL (5 minutes); a new one is asked for well before. */
const TOKEN_REUSE_MS = 3 * 60_000;

async function clientCredentialsToken(
  face: Role,
  companyId: string,
): Promise<string> {
  if (!portal) throw new Error("the portal is not started");
  const { secret, hash, hint } = newClientSecret();
  const clientId = newClientId();
  await database.transaction().execute((trx) =>
    insertApiClient(trx, {
      clientId,
      name: `${face} of ${companyId}`,
      companyId,
      roles: [face as "client" | "buyer" | "seller"],
      authMethod: "client_secret_basic",
      secretHash: hash,
      secretHint: hint,
      publicJwk: null,
      createdBy: "tenancy matrix",
    }),
  );
  const response = await fetch(`${portal.baseUrl}/idp/token`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString("base64")}`,
    },
    body: new URLSearchParams({ grant_type: "client_credentials" }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (response.status !== 200 || !body.access_token)
    throw new Error(
      `no token for ${face} of ${companyId}: ${response.status} ${JSON.stringify(body)}`,
    );
  return body.access_token;
}

tenancyMatrix({
  label: "API clients",
  people: false,
  async start(db) {
    database = db;
    portal = await startPortalWithIdp(db);
    return portal.app;
  },
  async tokenOf(face, companyId) {
    const key = `${face} ${companyId}`;
    const kept = tokens.get(key);
    if (kept && performance.now() - kept.at < TOKEN_REUSE_MS) return kept.token;
    const token = await clientCredentialsToken(face, companyId);
    tokens.set(key, { token, at: performance.now() });
    return token;
  },
});

afterAll(() => tokens.clear());
