import net from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message the test SMTP server accepted. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw RFC 5322 message. */
  raw: string;
  user?: string;
}

/** A free loopback port (nothing listens on it once answered). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A real SMTP server (the `smtp-server` package) on a loopback port, started and stopped by the test: it requires the
 * user and password given, keeps every message it accepts, and refuses the recipients `refuse` says to (550).
 */
export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  /** Recipients answered '550 mailbox unavailable'. */
  refuse: (address: string) => boolean = () => false;
  #server: SMTPServer | undefined;

  constructor(
    readonly port: number,
    readonly credentials = { user: 'portal', password: 'secret' },
  ) {}

  get url() {
    return `smtp://${this.credentials.user}:${this.credentials.password}@127.0.0.1:${this.port}`;
  }

  /** Whether it is listening (started and not stopped). */
  get running(): boolean {
    return this.#server !== undefined;
  }

  async start(): Promise<void> {
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth: (auth, _session, callback) => {
        if (auth.username === this.credentials.user && auth.password === this.credentials.password) callback(null, { user: auth.username });
        else callback(new Error('Invalid username or password'));
      },
      onRcptTo: (address, _session, callback) => {
        if (this.refuse(address.address)) {
          const error = new Error(`Mailbox unavailable: ${address.address}`) as Error & { responseCode: number };
          error.responseCode = 550;
          callback(error);
        } else callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          this.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((address) => address.address),
            raw: Buffer.concat(chunks).toString('utf8'),
            user: typeof session.user === 'string' ? session.user : undefined,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.#server = server;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Messages accepted for one recipient. */
  to(address: string): ReceivedMail[] {
    return this.received.filter((mail) => mail.to.includes(address));
  }
}
