import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import mqtt, { type IClientOptions, type MqttClient } from "mqtt";
import { get as sparkplugOf } from "sparkplug-payload";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.js";
import { createLogger } from "../../lib/logger.js";
import { pinClock } from "../../lib/clock.js";
import { loadConfig } from "../../config.js";
import { as, testConfig, testKeys } from "../../../../tests/support/app.test-utils.js";
import {
  createTestDatabase,
  type TestDatabase,
} from "../../../../tests/support/db.test-utils.js";
import {
  COMPANY_A,
  COMPANY_B,
  createCompany,
} from "../../../../tests/support/factories/companies.test-utils.js";
import { mayPublish, maySubscribe } from "./machines.broker.js";
import { machineKey } from "./machines.ingest.js";

/**
 * The portal's own MQTT broker. A message counts only when it comes from a valid machine credential, on its
 * machines' topics: an anonymous publisher, a wrong token, and company A's credential publishing for company B's
 * machines change nothing (and the attempt is logged without the token); a valid credential's DDATA is ingested.
 */
const GROUP = "orders-portal";
const NOW = Date.parse("2026-12-02T09:00:00Z");
const codec = sparkplugOf("spBv1.0")!;
let database: TestDatabase;
let app: FastifyInstance;
let url: string;
const lines: string[] = [];
const credentials = {
  a: { name: "Line A collector", token: "", id: 0 },
  b: { name: "Line B collector", token: "", id: 0 },
};
const clients: MqttClient[] = [];

const topic = (type: string, company: string, device?: string) =>
  `spBv1.0/${GROUP}/${type}/${company}${device ? `/${device}` : ""}`;
const stopped = (at: number) =>
  Buffer.from(
    codec.encodePayload({
      timestamp: at,
      metrics: [
        { name: "state", type: "String", value: "stopped", timestamp: at },
      ],
    }),
  );

async function connect(options: IClientOptions) {
  const client = await mqtt.connectAsync(url, {
    reconnectPeriod: 0,
    connectTimeout: 10_000,
    ...options,
  });
  clients.push(client);
  return client;
}

/** What a connection attempt answers: 'connected', or the broker's refusal (CONNACK return code). */
async function attempt(options: IClientOptions): Promise<string | number> {
  try {
    await connect(options);
    return "connected";
  } catch (error) {
    return (error as { code?: number }).code ?? String(error);
  }
}

const eventsOf = (companyId: string) =>
  database.db
    .selectFrom("machine_events")
    .select(["machine_name", "kind", "source"])
    .where("company_id", "=", companyId)
    .execute();
const asideOf = (companyId: string) =>
  database.db
    .selectFrom("machine_events_unmatched")
    .select("machine_name")
    .where("client_id", "=", companyId)
    .execute();

/** Publishes on a topic the credential may not use: the broker closes the connection (MQTT 3.1.1 has no refusal). */
async function publishOutcome(
  client: MqttClient,
  on: string,
): Promise<"closed" | "accepted"> {
  return new Promise((resolve) => {
    client.once("close", () => resolve("closed"));
    client.publish(on, stopped(NOW - 1_000), { qos: 1 }, (error) =>
      error ? undefined : resolve("accepted"),
    );
  });
}

beforeAll(async () => {
  pinClock(NOW);
  database = await createTestDatabase();
  await createCompany(database.db, COMPANY_A, {
    name: "Company A",
    fbs: ["FB-1", "FB-2"],
  });
  await createCompany(database.db, COMPANY_B, {
    name: "Company B",
    fbs: ["FB-1", "FB-B"],
  });
  const config = {
    ...testConfig,
    mqttBroker: true,
    MQTT_BROKER_PORT: 0,
    MQTT_GROUP_ID: GROUP,
    LOG_LEVEL: "info" as const,
  };
  const { log } = createLogger(config, {
    write: (line: string) => void lines.push(line),
  });
  app = await buildApp({
    config,
    db: database.db,
    keys: testKeys,
    logger: log,
  });
  await app.ready();
  url = `mqtt://127.0.0.1:${app.mqtt!.broker!.port}`;
  const admin = await as.admin();
  for (const [key, companyId, machines] of [
    ["a", COMPANY_A, ["FB-1", "FB-2"]],
    ["b", COMPANY_B, ["FB-1", "FB-B"]],
  ] as const) {
    const response = await app.inject({
      method: "POST",
      url: "/api/admin/machines/credentials/create",
      headers: { authorization: `Bearer ${admin}` },
      payload: {
        credential: {
          name: credentials[key].name,
          machines: machines.map((machineName) => ({
            clientId: companyId,
            machineName,
          })),
        },
      },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as {
      token: string;
      credential: { id: number };
    };
    credentials[key].token = body.token;
    credentials[key].id = body.credential.id;
  }
});
afterAll(async () => {
  for (const client of clients) await client.endAsync(true);
  await app?.close();
  await database?.drop();
  pinClock(undefined);
});

describe("the portal's own MQTT broker", () => {
  it("refuses an anonymous publisher, a wrong token and a token under another name; nothing changes", async () => {
    expect(await attempt({ clientId: "anonymous" })).toBe(5);
    expect(
      await attempt({
        clientId: "guess",
        username: credentials.a.name,
        password: "mt_not-a-token-of-this-portal",
      }),
    ).toBe(4);
    expect(
      await attempt({
        clientId: "borrowed",
        username: credentials.b.name,
        password: credentials.a.token,
      }),
    ).toBe(4);
    await app.mqtt!.idle();
    expect([
      ...(await eventsOf(COMPANY_A)),
      ...(await eventsOf(COMPANY_B)),
    ]).toEqual([]);
    expect(
      lines.filter((line) => line.includes("mqtt broker: connection refused")),
    ).toHaveLength(3);
    for (const line of lines) expect(line).not.toContain(credentials.a.token);
  });

  it("company A's credential publishing for company B's machine changes nothing, and the attempt is logged without the token", async () => {
    // Company B has a machine named FB-1 too: the company in the topic, not the machine's name, decides.
    for (const on of [
      topic("DDATA", COMPANY_B, "FB-1"),
      topic("DBIRTH", COMPANY_B, "FB-B"),
      topic("NDEATH", COMPANY_B),
      topic("STATE", COMPANY_A),
    ]) {
      const client = await connect({
        clientId: "line-a",
        username: credentials.a.name,
        password: credentials.a.token,
      });
      expect(await publishOutcome(client, on)).toBe("closed");
    }
    await app.mqtt!.idle();
    expect(await eventsOf(COMPANY_B)).toEqual([]);
    expect(await asideOf(COMPANY_B)).toEqual([]);
    const refused = lines.filter((line) =>
      line.includes("mqtt broker: publish refused"),
    );
    expect(refused).toHaveLength(4);
    expect(JSON.parse(refused[0]!)).toMatchObject({
      credential: { id: credentials.a.id, name: credentials.a.name },
      topic: topic("DDATA", COMPANY_B, "FB-1"),
    });
    for (const line of lines) expect(line).not.toContain(credentials.a.token);
  });

  it("a valid credential's DDATA is ingested, under the credential's name", async () => {
    const client = await connect({
      clientId: "line-a",
      username: credentials.a.name,
      password: credentials.a.token,
    });
    await client.publishAsync(
      topic("DDATA", COMPANY_A, "FB-1"),
      stopped(NOW - 1_000),
      { qos: 1 },
    );
    await app.mqtt!.idle();
    expect(await eventsOf(COMPANY_A)).toEqual([
      { machine_name: "FB-1", kind: "stopped", source: credentials.a.name },
    ]);
    expect(await eventsOf(COMPANY_B)).toEqual([]);
  });

  it("lets a credential subscribe only inside its companies’ edge nodes", async () => {
    const client = await connect({
      clientId: "line-a-commands",
      username: credentials.a.name,
      password: credentials.a.token,
    });
    // A refused filter is SUBACK 128, which mqtt.js answers as a failed subscribe.
    const grant = (filter: string) =>
      client.subscribeAsync(filter, { qos: 1 }).then(
        (granted) => granted.map((one) => one.qos),
        () => "refused",
      );
    expect(await grant(`spBv1.0/${GROUP}/#`)).toBe("refused");
    expect(await grant(`${topic("+", COMPANY_B)}/#`)).toBe("refused");
    expect(await grant(topic("DCMD", COMPANY_A, "FB-1"))).toEqual([1]);
  });

  it("refuses a revoked credential", async () => {
    const admin = await as.admin();
    const response = await app.inject({
      method: "POST",
      url: "/api/admin/machines/credentials/revoke",
      headers: { authorization: `Bearer ${admin}` },
      payload: { id: credentials.b.id },
    });
    expect(response.statusCode).toBe(200);
    expect(
      await attempt({
        clientId: "line-b",
        username: credentials.b.name,
        password: credentials.b.token,
      }),
    ).toBe(4);
  });
});

describe("the broker over TLS", () => {
  // A throwaway self-signed certificate for 127.0.0.1, made for this run: no key is kept in the repository.
  let fixtures: string;
  beforeAll(async () => {
    fixtures = await mkdtemp(path.join(os.tmpdir(), "orders-portal-mqtt-tls-"));
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "2",
        "-subj",
        "/CN=orders-portal test broker",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
        "-keyout",
        path.join(fixtures, "key.pem"),
        "-out",
        path.join(fixtures, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
  });
  afterAll(async () => {
    if (fixtures) await rm(fixtures, { recursive: true, force: true });
  });
  it("with a certificate and key, speaks MQTT over TLS only; a valid credential publishes through it", async () => {
    const config = {
      ...testConfig,
      mqttBroker: true,
      MQTT_BROKER_PORT: 0,
      MQTT_GROUP_ID: GROUP,
      MQTT_BROKER_TLS_CERT: path.join(fixtures, "cert.pem"),
      MQTT_BROKER_TLS_KEY: path.join(fixtures, "key.pem"),
    };
    const tlsApp = await buildApp({ config, db: database.db, keys: testKeys });
    try {
      await tlsApp.ready();
      const port = tlsApp.mqtt!.broker!.port;
      const login = {
        username: credentials.a.name,
        password: credentials.a.token,
        reconnectPeriod: 0,
        connectTimeout: 5_000,
      };
      // A plain connection never gets its CONNACK: the TLS port drops it (mqtt.js then only closes, without an error).
      const plain = mqtt.connect(`mqtt://127.0.0.1:${port}`, {
        ...login,
        clientId: "plain",
      });
      clients.push(plain);
      const outcome = new Promise((resolve) => {
        plain.once("connect", () => resolve("connected"));
        plain.once("close", () => resolve("closed"));
      });
      expect(await outcome).toBe("closed");
      const client = await mqtt.connectAsync(`mqtts://127.0.0.1:${port}`, {
        ...login,
        clientId: "line-a-tls",
        ca: readFileSync(path.join(fixtures, "cert.pem")),
      });
      clients.push(client);
      await client.publishAsync(
        topic("DDATA", COMPANY_A, "FB-2"),
        stopped(NOW - 2_000),
        { qos: 1 },
      );
      await tlsApp.mqtt!.idle();
      expect(
        (await eventsOf(COMPANY_A)).filter(
          (row) => row.machine_name === "FB-2",
        ),
      ).toEqual([
        { machine_name: "FB-2", kind: "stopped", source: credentials.a.name },
      ]);
    } finally {
      await tlsApp.close();
    }
  });
});

describe("the configuration", () => {
  const env = { NODE_ENV: "test" };
  it("runs the portal's own broker unless an external one is configured; TLS takes both files", () => {
    expect(loadConfig(env).mqttBroker).toBe(true);
    expect(
      loadConfig({ ...env, MQTT_URL: "mqtt://broker:1883" }).mqttBroker,
    ).toBe(false);
    expect(
      loadConfig({
        ...env,
        MQTT_URL: "mqtt://broker:1883",
        MQTT_BROKER: "true",
      }).mqttBroker,
    ).toBe(true);
    expect(loadConfig({ ...env, MQTT_BROKER: "false" }).mqttBroker).toBe(false);
    expect(loadConfig(env)).toMatchObject({
      MQTT_BROKER_HOST: "127.0.0.1",
      MQTT_BROKER_PORT: 1883,
    });
    expect(() =>
      loadConfig({ ...env, MQTT_BROKER_TLS_CERT: "/etc/cert.pem" }),
    ).toThrow(/MQTT_BROKER_TLS_CERT, MQTT_BROKER_TLS_KEY: both or neither/);
  });
});

describe("the topics a credential may publish on", () => {
  const machines = new Set([machineKey(COMPANY_A, "FB-1")]);
  const companies = new Set([COMPANY_A]);
  it("are its machines’ device topics and its companies’ node topics in the portal’s group, nothing else", () => {
    expect(
      mayPublish(topic("DDATA", COMPANY_A, "FB-1"), GROUP, machines, companies),
    ).toBe(true);
    expect(
      mayPublish(
        topic("DBIRTH", COMPANY_A, "FB-1"),
        GROUP,
        machines,
        companies,
      ),
    ).toBe(true);
    expect(
      mayPublish(topic("NBIRTH", COMPANY_A), GROUP, machines, companies),
    ).toBe(true);
    expect(
      mayPublish(topic("DDATA", COMPANY_A, "FB-2"), GROUP, machines, companies),
    ).toBe(false);
    expect(
      mayPublish(topic("DDATA", COMPANY_B, "FB-1"), GROUP, machines, companies),
    ).toBe(false);
    expect(
      mayPublish(topic("NDEATH", COMPANY_B), GROUP, machines, companies),
    ).toBe(false);
    expect(
      mayPublish(
        topic("NBIRTH", COMPANY_A, "FB-1"),
        GROUP,
        machines,
        companies,
      ),
    ).toBe(false);
    expect(
      mayPublish(topic("DDATA", COMPANY_A), GROUP, machines, companies),
    ).toBe(false);
    expect(
      mayPublish(
        `${topic("DDATA", COMPANY_A, "FB-1")}/extra`,
        GROUP,
        machines,
        companies,
      ),
    ).toBe(false);
    expect(
      mayPublish(
        `spBv1.0/other/DDATA/${COMPANY_A}/FB-1`,
        GROUP,
        machines,
        companies,
      ),
    ).toBe(false);
    expect(
      mayPublish(
        `spAv1.0/${GROUP}/DDATA/${COMPANY_A}/FB-1`,
        GROUP,
        machines,
        companies,
      ),
    ).toBe(false);
    expect(
      maySubscribe(`spBv1.0/${GROUP}/+/${COMPANY_A}/#`, GROUP, companies),
    ).toBe(true);
    expect(maySubscribe(`spBv1.0/${GROUP}/+/+/#`, GROUP, companies)).toBe(
      false,
    );
    expect(maySubscribe(`spBv1.0/${GROUP}/#`, GROUP, companies)).toBe(false);
  });
});
