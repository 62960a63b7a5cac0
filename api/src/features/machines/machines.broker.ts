import { readFileSync } from 'node:fs';
import { createServer as createTcpServer, type AddressInfo, type Server } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import * as clock from '../../lib/clock.js';
import { activeCredentialOf, isCredentialActive, type ActiveCredential } from './machines.credentials.js';
import { machineKey, type EventBounds } from './machines.ingest.js';
import { NAMESPACE, sparkplugReceiver, type MqttIngestion, type MqttSource } from './machines.mqtt.js';

/**
 * The portal's own MQTT broker (aedes), the default when no external broker is configured (docs/decisions.md,
 * 'MQTT: the portal's own broker'): a message counts only when it comes from a valid machine credential, on the
 * topics of that credential's machines.
 *
 * - CONNECT: user name = the credential's name, password = its token (`mt_…`); anything else, anonymous included, is
 *   refused (CONNACK 4 or 5). A revoked credential is refused at once, and a connection that is open when its
 *   credential is revoked is closed at its next publish after the recheck (at most a minute later).
 * - PUBLISH: only `spBv1.0/<group>/NBIRTH|NDATA|NDEATH/<company>` of a company of its machines and
 *   `spBv1.0/<group>/DBIRTH|DDATA|DDEATH/<company>/<machine>` of one of its machines; any other topic is logged and the
 *   connection closed (MQTT 3.1.1 has no refusal for a publish), the message goes nowhere.
 * - SUBSCRIBE: only filters inside its companies' edge nodes (`spBv1.0/<group>/+/<company>/…`, e.g. for commands);
 *   any other filter is refused (SUBACK 128).
 * - What is accepted goes in process, without a loopback client, to the Sparkplug receiver (machines.mqtt.ts), with the
 *   credential's machines as the source's scope: ingestion checks them again, as it does over HTTP.
 */

/** How long a connection trusts its credential before asking the database again whether it was revoked. */
const RECHECK_MS = 60_000;

interface Connected {
  credential: ActiveCredential;
  source: MqttSource;
  companies: Set<string>;
  checkedAt: number;
  revoked: boolean;
}

const NODE_TYPES = new Set(['NBIRTH', 'NDATA', 'NDEATH']);
const DEVICE_TYPES = new Set(['DBIRTH', 'DDATA', 'DDEATH']);

/** Whether a credential (its machines, their companies) may publish on a topic. */
export function mayPublish(topic: string, group: string, machines: ReadonlySet<string>, companies: ReadonlySet<string>): boolean {
  const [namespace, topicGroup, type, edge, device, ...rest] = topic.split('/');
  if (namespace !== NAMESPACE || topicGroup !== group || !type || !edge || rest.length) return false;
  if (NODE_TYPES.has(type)) return device === undefined && companies.has(edge);
  if (DEVICE_TYPES.has(type)) return device !== undefined && machines.has(machineKey(edge, device));
  return false;
}

/** Whether a credential may subscribe to a filter: only inside its companies' edge nodes. */
export function maySubscribe(filter: string, group: string, companies: ReadonlySet<string>): boolean {
  const [namespace, topicGroup, type, edge] = filter.split('/');
  return namespace === NAMESPACE && topicGroup === group && type !== undefined && type !== '#' && edge !== undefined && companies.has(edge);
}

export interface BrokerOptions {
  host: string;
  /** 0: a free port (tests). */
  port: number;
  /** PEM files: with both, the broker speaks MQTT over TLS only. */
  tls?: { certFile: string; keyFile: string };
  group: string;
  reorderTimeoutMs: number;
  bounds: EventBounds;
  log: FastifyBaseLogger;
}

/** Starts the broker on its port; the start fails when it cannot listen (a port taken is a configuration error). */
export async function startMqttBroker(db: Db, options: BrokerOptions): Promise<MqttIngestion> {
  const { group, log } = options;
  const receiver = await sparkplugReceiver(db, options);
  const { Aedes } = await import('aedes');
  const connections = new WeakMap<object, Connected>();
  const refusal = (returnCode: number, message: string) => Object.assign(new Error(message), { returnCode });

  const broker = await Aedes.createBroker({
    // A machine's client id names its machine more than the 23 characters MQTT 3.1 allows.
    maxClientsIdLength: 128,
    authenticate(client, username, password, done) {
      // Never logged: the password, and the user name (a token pasted there by mistake would reach the log).
      const refuse = (returnCode: number, reason: string) => {
        log.warn({ mqttClientId: client.id, reason }, 'mqtt broker: connection refused');
        done(refusal(returnCode, reason) as never, false);
      };
      if (!username || !password?.length) return refuse(5, 'anonymous');
      activeCredentialOf(db, password.toString('utf8')).then(
        (credential) => {
          if (!credential || credential.name !== username) return refuse(4, 'unknown or revoked credential, or not its name');
          const machines = new Set(credential.machines.map((machine) => machineKey(machine.companyId, machine.machineName)));
          connections.set(client, {
            credential,
            source: { name: credential.name, machines, key: `credential:${credential.id}`, cause: { machineCredentialId: credential.id } },
            companies: new Set(credential.machines.map((machine) => machine.companyId)),
            checkedAt: clock.machineNowMs(),
            revoked: false,
          });
          log.info({ mqttClientId: client.id, credential: { id: credential.id, name: credential.name } }, 'mqtt broker: connected');
          done(null, true);
        },
        (error: unknown) => {
          log.error({ err: error, mqttClientId: client.id }, 'mqtt broker: credential not checked');
          done(refusal(3, 'server unavailable') as never, false);
        },
      );
    },
    authorizePublish(client, packet, done) {
      const connected = client ? connections.get(client) : undefined;
      // A will kept from a connection this broker no longer knows (client null) has no credential.
      if (!connected || connected.revoked) return done(new Error('no valid credential'));
      if (!mayPublish(packet.topic, group, connected.source.machines!, connected.companies)) {
        log.warn(
          { mqttClientId: client!.id, credential: { id: connected.credential.id, name: connected.credential.name }, topic: packet.topic },
          "mqtt broker: publish refused, not its machines' topic; connection closed",
        );
        return done(new Error('not its machines’ topic'));
      }
      if (clock.machineNowMs() - connected.checkedAt < RECHECK_MS) return done(null);
      isCredentialActive(db, connected.credential.id).then(
        (active) => {
          connected.checkedAt = clock.machineNowMs();
          if (active) return done(null);
          connected.revoked = true;
          log.warn({ mqttClientId: client!.id, credential: { id: connected.credential.id } }, 'mqtt broker: credential revoked; connection closed');
          done(new Error('credential revoked'));
        },
        (error: unknown) => done(error as Error),
      );
    },
    authorizeSubscribe(client, subscription, done) {
      const connected = connections.get(client);
      if (connected && !connected.revoked && maySubscribe(subscription.topic, group, connected.companies)) return done(null, subscription);
      log.warn({ mqttClientId: client.id, topic: subscription.topic }, 'mqtt broker: subscription refused');
      done(null, null);
    },
  });
  broker.on('publish', (packet, client) => {
    const connected = client ? connections.get(client) : undefined;
    if (connected && typeof packet.payload !== 'string') receiver.receive(packet.topic, Buffer.from(packet.payload), connected.source);
  });
  broker.on('clientError', (client, error) => log.debug({ mqttClientId: client.id, err: error }, 'mqtt broker: client error'));

  const server: Server = options.tls
    ? createTlsServer({ cert: readFileSync(options.tls.certFile), key: readFileSync(options.tls.keyFile) }, broker.handle)
    : createTcpServer(broker.handle);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    throw error;
  }
  server.on('error', (error) => log.error({ err: error }, 'mqtt broker: server error'));
  const { port } = server.address() as AddressInfo;
  log.info({ host: options.host, port, tls: !!options.tls, group }, 'mqtt broker: listening');

  return {
    broker: { host: options.host, port },
    idle: () => receiver.idle(),
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await receiver.idle();
      receiver.close();
    },
  };
}
