import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import {
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  SignJWT,
} from "jose";
import { sql } from "kysely";
import {
  createTestDatabase,
  type TestDatabase,
} from "../../../../tests/support/db.test-utils.js";
import { oidcBrowser } from "../../../../tests/support/idp.test-utils.js";
import { runCli } from "../../../../tests/support/cli.test-utils.js";
import { eventually } from "../../../../tests/support/revocations.test-utils.js";
import { createCompany } from "../../../../tests/support/factories/companies.test-utils.js";
import { buildApp } from "../../app.js";
import { loadConfig, type Config } from "../../config.js";
import { freePort } from "../../db/embedded.js";
import { seedUsers } from "../../db/seed/users.seed.js";
import { createEmbeddedIdp } from "../../idp/index.js";
import { createLogger } from "../../lib/logger.js";
import * as oidc from "openid-client";

/**
 * API clients end to end: the admin creates one, it gets a token with client credentials at the embedded
 * provider, and calls the API under the rules a person meets. The portal logs at trace level into `logLines`, so
 * a secret that reached the log would be found.
 */
let database: TestDatabase;
let app: FastifyInstance;
let config: Config;
let baseUrl: string;
let adminToken: string;
const logLines: string[] = [];

const BUYER_COMPANY = "company-buyer";

beforeAll(async () => {
  database = await createTestDatabase();
  await seedUsers(database.db);
  await createCompany(database.db, "company-a", { name: "Company A" });
  await createCompany(database.db, BUYER_COMPANY, {
    name: "Buyer Company",
    clientType: "1",
  });
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  config = loadConfig({
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: "trace",
    NODE_ENV: "test",
    JOBS_WORKERS: "0",
    MQTT_BROKER: "false",
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: "0",
  });
  const { log } = createLogger(config, {
    write: (line: string) => void logLines.push(line),
  });
  const idp = await createEmbeddedIdp({ db: database.db, config, log });
  app = await buildApp({
    config,
    db: database.db,
    keys: idp.jwks,
    logger: log,
    extend: (instance) => idp.register(instance),
  });
  await app.listen({ host: "127.0.0.1", port });
  const client = await oidc.discovery(
    new URL(config.issuer),
    config.OIDC_CLIENT_ID,
    undefined,
    oidc.None(),
    { execute: [oidc.allowInsecureRequests] },
  );
  const { tokens } = await oidcBrowser({ baseUrl, client }).signIn("admin");
  adminToken = tokens.access_token;
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

/** POSTs `body` to the API (GET when it is null). */
async function call(path: string, body: unknown, token: string) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: body === null ? "GET" : "POST",
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === null ? {} : { "content-type": "application/json" }),
    },
    ...(body === null ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? JSON.parse(text) : null,
    headers: response.headers,
  };
}

type Created = {
  apiClient: {
    id: number;
    oauthClientId: string;
    secretHint: string | null;
    roles: string[];
  };
  clientSecret: string | null;
};

async function createApiClient(
  input: Record<string, unknown>,
): Promise<Created> {
  const answer = await call(
    "/api/admin/api-clients/create",
    { apiClient: { authMethod: "client_secret_basic", ...input } },
    adminToken,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Created;
}

/** The token endpoint's answer to a client credentials request. */
async function tokenRequest(
  clientId: string,
  secret: string,
  method: "basic" | "post" = "basic",
) {
  const form = new URLSearchParams({ grant_type: "client_credentials" });
  const headers: Record<string, string> = {
    "content-type": "application/x-www-form-urlencoded",
  };
  if (method === "basic")
    headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString("base64")}`;
  else {
    form.set("client_id", clientId);
    form.set("client_secret", secret);
  }
  const response = await fetch(`${baseUrl}/idp/token`, {
    method: "POST",
    headers,
    body: form,
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
  };
}

async function tokenOf(created: Created) {
  const answer = await tokenRequest(
    created.apiClient.oauthClientId,
    created.clientSecret!,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return String(answer.body.access_token);
}

describe("creating API clients", () => {
  it("creates one for a client company with its client type; the secret is answered once and stored only as its SHA-256", async () => {
    const created = await createApiClient({
      name: "Nightly ERP import",
      clientId: "company-a",
      roles: ["client"],
    });
    expect(created.clientSecret).toMatch(/^cs_[\w-]{43}$/);
    expect(created.apiClient).toMatchObject({
      name: "Nightly ERP import",
      clientId: "company-a",
      company: "Company A",
      roles: ["client"],
      revokedAt: null,
    });
    expect(created.apiClient.secretHint).toBe(
      created.clientSecret!.slice(0, 7),
    );

    const list = await call("/api/admin/api-clients/get", {}, adminToken);
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(created.clientSecret);
    expect(list.body.rows[0]).toEqual(created.apiClient);

    const row = await database.db
      .selectFrom("api_clients")
      .selectAll()
      .where("id", "=", created.apiClient.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).toEqual(
      createHash("sha256").update(created.clientSecret!).digest(),
    );
    const stored = await sql<{
      text: string;
    }>`select row_to_json(a)::text as text from api_clients a`.execute(
      database.db,
    );
    expect(stored.rows.map((r) => r.text).join("\n")).not.toContain(
      created.clientSecret!.slice(3),
    );
    const audited = await sql<{
      text: string;
    }>`select row_to_json(l)::text as text from audit_log l`.execute(
      database.db,
    );
    expect(audited.rows.map((r) => r.text).join("\n")).not.toContain(
      created.clientSecret!.slice(3),
    );
  });

  it("refuses roles the company does not allow, staff roles for a company, client types for the manufacturer, and an unknown company", async () => {
    const refused = async (input: Record<string, unknown>, field: string) => {
      const before = await database.db
        .selectFrom("api_clients")
        .select(sql<number>`count(*)::int`.as("n"))
        .executeTakeFirstOrThrow();
      const answer = await call(
        "/api/admin/api-clients/create",
        {
          apiClient: { name: "x", authMethod: "client_secret_basic", ...input },
        },
        adminToken,
      );
      expect(answer.status).toBe(400);
      expect(answer.body.errors[0].field).toBe(field);
      const after = await database.db
        .selectFrom("api_clients")
        .select(sql<number>`count(*)::int`.as("n"))
        .executeTakeFirstOrThrow();
      expect(after.n).toBe(before.n);
    };
    await refused(
      { clientId: "company-a", roles: ["buyer"] },
      "apiClient.roles",
    ); // a Converter has no buyers
    await refused(
      { clientId: BUYER_COMPANY, roles: ["client"] },
      "apiClient.roles",
    ); // a Buyer company buys
    await refused(
      { clientId: "company-a", roles: ["admin"] },
      "apiClient.roles",
    );
    await refused(
      { clientId: "company-a", roles: ["client", "seller"] },
      "apiClient.roles",
    );
    await refused({ roles: ["client"] }, "apiClient.roles");
    await refused(
      { clientId: "no-such-company", roles: ["client"] },
      "apiClient.clientId",
    );
    await refused(
      { roles: ["admin"], authMethod: "private_key_jwt" },
      "apiClient.publicKey",
    );
    await refused(
      {
        roles: ["admin"],
        authMethod: "private_key_jwt",
        publicKey: { kty: "RSA", n: "abc", e: "AQAB" },
      },
      "apiClient.publicKey",
    );
    // What the company allows is accepted.
    await createApiClient({
      name: "Buyer ERP",
      clientId: BUYER_COMPANY,
      roles: ["buyer"],
    });
  });
});

describe("client credentials at the embedded provider", () => {
  it("answers a short-lived access token for the API audience carrying the client's company and roles", async () => {
    const created = await createApiClient({
      name: "Seller ERP",
      clientId: "company-a",
      roles: ["seller"],
    });
    const answer = await tokenRequest(
      created.apiClient.oauthClientId,
      created.clientSecret!,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      token_type: "Bearer",
      expires_in: config.ACCESS_TOKEN_TTL,
    });
    expect(answer.body.refresh_token).toBeUndefined();
    const token = String(answer.body.access_token);
    expect(decodeProtectedHeader(token).typ).toBe("at+jwt");
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({
      sub: created.apiClient.oauthClientId,
      client_id: created.apiClient.oauthClientId,
      aud: config.OIDC_AUDIENCE,
      iss: config.issuer,
      companyId: "company-a",
      realm_access: { roles: ["seller"] },
      resource_access: { "orders-public": { roles: ["client"] } },
    });
    expect(claims.exp! - claims.iat!).toBe(config.ACCESS_TOKEN_TTL);

    const me = await call("/api/me", null, token);
    expect(me.status, JSON.stringify(me.body)).toBe(200);
    expect(me.body).toMatchObject({
      id: created.apiClient.oauthClientId,
      face: "client",
      clientType: "seller",
      clientId: "company-a",
      roles: ["seller"],
    });
  });

  it("refuses a wrong secret, its hash, and an unknown client", async () => {
    const created = await createApiClient({
      name: "Basic only",
      clientId: "company-a",
      roles: ["client"],
    });
    const wrong = await tokenRequest(
      created.apiClient.oauthClientId,
      `${created.clientSecret}x`,
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe("invalid_client");
    expect(
      (await tokenRequest("ac_unknown", created.clientSecret!)).status,
    ).toBe(401);
    // The secret's hash is no secret: it does not sign in either.
    const hash = createHash("sha256")
      .update(created.clientSecret!)
      .digest("hex");
    expect(
      (await tokenRequest(created.apiClient.oauthClientId, hash)).status,
    ).toBe(401);

    const posted = await createApiClient({
      name: "Post",
      clientId: "company-a",
      roles: ["client"],
      authMethod: "client_secret_post",
    });
    expect(
      (
        await tokenRequest(
          posted.apiClient.oauthClientId,
          posted.clientSecret!,
          "post",
        )
      ).status,
    ).toBe(200);
  });

  it("signs in with private_key_jwt: an assertion signed by the registered public key", async () => {
    const { publicKey, privateKey } = await generateKeyPair("ES256");
    const jwk = await exportJWK(publicKey);
    const created = await createApiClient({
      name: "Signed ERP",
      roles: ["operator"],
      authMethod: "private_key_jwt",
      publicKey: { ...jwk, alg: "ES256" },
    });
    expect(created.clientSecret).toBeNull();
    const clientId = created.apiClient.oauthClientId;
    const assertion = (key: Parameters<SignJWT["sign"]>[0]) =>
      new SignJWT({})
        .setProtectedHeader({ alg: "ES256" })
        .setIssuer(clientId)
        .setSubject(clientId)
        .setAudience(`${baseUrl}/idp/token`)
        .setJti(crypto.randomUUID())
        .setIssuedAt()
        .setExpirationTime("1m")
        .sign(key);
    const request = async (signed: string) =>
      fetch(`${baseUrl}/idp/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "client_credentials",
          client_id: clientId,
          client_assertion_type:
            "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
          client_assertion: signed,
        }),
      });
    const ok = await request(await assertion(privateKey));
    expect(ok.status).toBe(200);
    const token = String(
      ((await ok.json()) as Record<string, unknown>).access_token,
    );
    expect(decodeJwt(token)).toMatchObject({
      sub: clientId,
      resource_access: { "orders-public": { roles: ["operator"] } },
    });
    const other = await generateKeyPair("ES256");
    expect((await request(await assertion(other.privateKey))).status).toBe(401);
  });
});

describe("an API client meets the rules a person meets", () => {
  it("403 outside its roles' x-roles, its own rate limit, and the audit log names the client", async () => {
    const created = await createApiClient({
      name: "Manufacturer ERP",
      roles: ["operator"],
    });
    const token = await tokenOf(created);
    const clientId = created.apiClient.oauthClientId;
    // An admin operation: the operator role is not in its x-roles.
    expect(
      (
        await call(
          "/api/admin/manufacturer/save",
          {
            manufacturer: {
              manufacturerName: "M",
              defaultLeadTime: 1,
              boxQtyPerTruck: 1,
            },
          },
          token,
        )
      ).status,
    ).toBe(403);
    expect((await call("/api/admin/api-clients/get", {}, token)).status).toBe(
      403,
    );

    // Hits are counted in the process and written to the shared store in small batches.
    const limitOfClient = () =>
      database.db
        .selectFrom("rate_limits")
        .select(["key", "hits"])
        .where("key", "like", `%${clientId}%`)
        .execute();
    // Both hits: a flush may fall between the two calls and write the first alone.
    expect(
      await eventually(async () => ((await limitOfClient())[0]?.hits ?? 0) >= 2),
    ).toBe(true);
    const limit = await limitOfClient();
    expect(limit.map((row) => row.key)).toEqual([`api:sub:${clientId}`]);
    expect(limit[0]!.hits).toBe(2);

    const admin = await createApiClient({
      name: "Admin ERP",
      roles: ["admin"],
    });
    const adminClientToken = await tokenOf(admin);
    const saved = await call(
      "/api/admin/manufacturer/save",
      {
        manufacturer: {
          manufacturerName: "Saved by a system",
          defaultLeadTime: 3,
          boxQtyPerTruck: 9,
        },
      },
      adminClientToken,
    );
    expect(saved.status).toBe(200);
    const entry = await database.db
      .selectFrom("audit_log")
      .select(["subject", "details"])
      .where("record_type", "=", "manufacturer")
      .orderBy("seq", "desc")
      .executeTakeFirstOrThrow();
    expect(entry.subject).toBe(admin.apiClient.oauthClientId);
    expect(entry.details).toMatchObject({
      apiClient: admin.apiClient.oauthClientId,
    });
  });

  it("a revoked client is refused at once: its token answers 401 on the next call, and it gets no new token", async () => {
    const created = await createApiClient({
      name: "To revoke",
      clientId: "company-a",
      roles: ["client"],
    });
    const token = await tokenOf(created);
    expect((await call("/api/me", null, token)).status).toBe(200);

    const revoked = await call(
      "/api/admin/api-clients/revoke",
      { id: created.apiClient.id },
      adminToken,
    );
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).not.toBeNull();
    // The revoking process does not wait for its own notification: its memory names the client as the answer leaves.
    const { iat } = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as { iat: number };
    expect(app.revocations.check(created.apiClient.oauthClientId, iat)).not.toBe(false);

    expect((await call("/api/me", null, token)).status).toBe(401);
    expect((await call("/api/client/orders/filter", {}, token)).status).toBe(
      401,
    );
    const again = await tokenRequest(
      created.apiClient.oauthClientId,
      created.clientSecret!,
    );
    expect(again.status).toBe(401);
    expect(
      (
        await call(
          "/api/admin/api-clients/revoke",
          { id: 2_000_000_000 },
          adminToken,
        )
      ).status,
    ).toBe(404);
  });

  it("disabling its company refuses its token at once (401), and it gets no new token", async () => {
    await createCompany(database.db, "company-off", { name: "Company Off" });
    const created = await createApiClient({
      name: "Of a company to disable",
      clientId: "company-off",
      roles: ["client"],
    });
    const token = await tokenOf(created);
    expect((await call("/api/me", null, token)).status).toBe(200);

    await runCli("users", database, "company", "disable", "company-off");

    expect((await call("/api/me", null, token)).status).toBe(401);
    expect((await call("/api/client/orders/filter", {}, token)).status).toBe(
      401,
    );
    expect(
      (
        await tokenRequest(
          created.apiClient.oauthClientId,
          created.clientSecret!,
        )
      ).status,
    ).toBe(401);
  });

  it("no secret reaches the log", async () => {
    const created = await createApiClient({
      name: "Logged?",
      clientId: "company-a",
      roles: ["client"],
    });
    await tokenRequest(
      created.apiClient.oauthClientId,
      created.clientSecret!,
      "basic",
    );
    await tokenRequest(
      created.apiClient.oauthClientId,
      `${created.clientSecret}x`,
      "basic",
    );
    const posted = await createApiClient({
      name: "Logged post?",
      clientId: "company-a",
      roles: ["client"],
      authMethod: "client_secret_post",
    });
    await tokenRequest(
      posted.apiClient.oauthClientId,
      posted.clientSecret!,
      "post",
    );
    await tokenRequest(
      posted.apiClient.oauthClientId,
      `${posted.clientSecret}x`,
      "post",
    );
    const log = logLines.join("");
    // The log is written (the requests above are in it), without either secret.
    expect(log).toContain("/idp/token");
    expect(log).toContain("/api/admin/api-clients/create");
    for (const secret of [created.clientSecret!, posted.clientSecret!]) {
      expect(log).not.toContain(secret.slice(3));
      expect(log).not.toContain(
        Buffer.from(`${created.apiClient.oauthClientId}:${secret}`)
          .toString("base64")
          .slice(0, 40),
      );
    }
  });
});
