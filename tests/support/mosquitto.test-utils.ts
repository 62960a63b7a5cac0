import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Debian's Mosquitto (scripts/lib.sh `ensure_mosquitto`), started by a test on a free loopback port. */
export interface Broker {
  url: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * Access control of an external broker as docs/operations.md describes it: users (name and password, hashed into a
 * password file by mosquitto_passwd) and an ACL file; anonymous clients are then refused.
 */
export interface MosquittoAccess {
  users: Record<string, string>;
  acl: string;
}

/**
 * Starts a broker with a temporary configuration (loopback only, no persistence; anonymous unless `access` is given);
 * resolves once it listens.
 */
export async function startMosquitto(access?: MosquittoAccess): Promise<Broker> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'mosquitto-'));
  const config = path.join(dir, 'mosquitto.conf');
  const lines = [`listener ${port} 127.0.0.1`, 'persistence false', 'max_queued_messages 100000', 'log_dest stderr'];
  if (access) {
    // Run as root, Mosquitto reads these files as its own user: the folder and files must be readable to it.
    chmodSync(dir, 0o755);
    const passwords = path.join(dir, 'passwords');
    const acl = path.join(dir, 'acl');
    writeFileSync(passwords, Object.entries(access.users).map(([user, password]) => `${user}:${password}\n`).join(''));
    execFileSync('/usr/bin/mosquitto_passwd', ['-U', passwords]);
    chmodSync(passwords, 0o644);
    writeFileSync(acl, access.acl, { mode: 0o644 });
    lines.push('allow_anonymous false', `password_file ${passwords}`, `acl_file ${acl}`);
  } else lines.push('allow_anonymous true');
  writeFileSync(config, [...lines, ''].join('\n'));
  const child: ChildProcess = spawn('/usr/sbin/mosquitto', ['-c', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = performance.now() + 10_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || performance.now() > deadline) throw new Error(`mosquitto did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    url: `mqtt://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
