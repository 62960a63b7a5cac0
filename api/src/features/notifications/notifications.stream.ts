import { PassThrough } from 'node:stream';
import type pg from 'pg';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { dedicatedClient, type Db } from '../../db/database.js';
import { machineNowMs } from '../../lib/clock.js';
import { countUnread, NOTIFICATIONS_CHANNEL } from './notifications.repository.js';

/** A comment line this often keeps proxies from closing an idle stream, and finds streams whose token was revoked. */
const KEEP_ALIVE_MS = 25_000;
const RETRY_MS = 5_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The open notification streams of this process, told by LISTEN when a person's notifications change. */
    notificationStreams: NotificationStreams;
  }
}

type Listener = () => void;

/**
 * The server-sent event streams of this API process. One dedicated connection LISTENs on `notifications` (the job
 * and the mark-read calls NOTIFY with the person's subject at commit) once the first stream opens; each stream of that
 * person then reads the unread count and sends it. A lost connection is reopened after a wait; meanwhile the streams
 * stay open and the web app's slow poll covers the gap.
 */
export class NotificationStreams {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly streams = new Set<PassThrough>();
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  private async listen(): Promise<void> {
    if (this.client || this.closed) return;
    this.connecting ??= (async () => {
      const client = dedicatedClient(this.db, 'portal-notifications');
      if (!client) return;
      client.on('notification', (message) => {
        if (message.channel === NOTIFICATIONS_CHANNEL) for (const listener of this.listeners.get(message.payload ?? '') ?? []) listener();
      });
      const lost = (error: Error) => {
        if (this.client !== client) return;
        this.log.warn({ component: 'notifications', err: { message: error.message } }, 'notification listener lost');
        this.client = undefined;
        client.removeAllListeners('notification');
        client.on('error', () => {});
        client.end().catch(() => {});
        if (!this.closed) {
          this.retry = setTimeout(() => void this.listen(), RETRY_MS);
          this.retry.unref();
        }
      };
      client.on('error', lost);
      client.on('end', () => lost(new Error('connection ended')));
      try {
        await client.connect();
        await client.query(`LISTEN ${NOTIFICATIONS_CHANNEL}`);
        this.client = client;
      } catch (error) {
        this.client = client;
        lost(error as Error);
      }
    })().finally(() => {
      this.connecting = undefined;
    });
    await this.connecting;
  }

  /**
   * Opens a stream for the caller: the unread count now and on every change, until `seconds` have passed, the token
   * expires, or the token is revoked (found at the next keep-alive).
   */
  async open(request: FastifyRequest, reply: FastifyReply, seconds: number): Promise<PassThrough> {
    const sub = request.actor.sub;
    const token = decodeJwt(String(request.headers.authorization ?? '').replace(/^Bearer\s+/i, ''));
    const untilToken = typeof token.exp === 'number' ? token.exp * 1000 - machineNowMs() : Infinity;
    const lifetime = Math.max(0, Math.min(seconds * 1000, untilToken));
    const stream = new PassThrough();
    const send = async () => {
      try {
        const unread = await countUnread(this.db, sub);
        if (!stream.writableEnded) stream.write(`event: unread\ndata: ${JSON.stringify({ unread })}\n\n`);
      } catch (error) {
        request.log.warn({ err: error }, 'notification stream could not read the unread count');
      }
    };
    reply.header('content-type', 'text/event-stream; charset=utf-8').header('cache-control', 'no-store').header('x-accel-buffering', 'no');
    if (lifetime === 0) {
      await send();
      stream.end();
      return stream;
    }
    await this.listen();
    let timers: NodeJS.Timeout[] = [];
    const end = () => {
      timers.forEach(clearTimeout);
      timers = [];
      this.listeners.get(sub)?.delete(listener);
      if (this.listeners.get(sub)?.size === 0) this.listeners.delete(sub);
      this.streams.delete(stream);
      if (!stream.writableEnded) stream.end();
    };
    const listener: Listener = () => void send();
    if (!this.listeners.has(sub)) this.listeners.set(sub, new Set());
    this.listeners.get(sub)!.add(listener);
    this.streams.add(stream);
    const keepAlive = setInterval(() => {
      if (request.server.revocations?.check(sub, typeof token.iat === 'number' ? token.iat : 0) === true) end();
      else stream.write(': keep-alive\n\n');
    }, KEEP_ALIVE_MS);
    timers.push(keepAlive, setTimeout(end, lifetime));
    request.raw.on('close', end);
    stream.write('retry: 3000\n\n');
    await send();
    return stream;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    for (const stream of this.streams) stream.end();
    this.streams.clear();
    const client = this.client;
    this.client = undefined;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  }
}
