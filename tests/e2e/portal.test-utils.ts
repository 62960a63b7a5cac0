import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../api/src/db/embedded.js';

export interface RunningPortal {
  url: string;
  dataDir: string;
  /** The process's exit code, or null while it runs. */
  exitCode(): number | null;
  /** SIGTERM, then waits for the exit; answers the exit code. */
  stop(): Promise<number | null>;
}

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Starts the built portal exactly as `npm run portal` does (node api/dist/server.js) on a free port, with
 * a fresh embedded PostgreSQL in a temp folder (or a fresh database on TEST_DATABASE_URL's server).
 */
export async function startPortal(env: Record<string, string> = {}, options: { onOutput?: (text: string) => void } = {}): Promise<RunningPortal> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'orders-portal-e2e-'));
  await chmod(dataDir, 0o755);
  const url = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['api/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // The end-to-end tests sign in as the demo users (password orders-demo), as `npm run portal` seeds them.
      SEED_DEMO: 'true',
      // A loaded test machine lags without the portal being overloaded: shedding on event-loop delay would answer a
      // save 503 at random (seen once in three runs with other work on the two cores). Load shedding has its own
      // tests (api/src/plugins/pressure.test.ts, pnpm test:resilience).
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
      // The portal's own MQTT broker on a free port: portals started side by side never compete for 1883.
      MQTT_BROKER_PORT: '0',
      ...env,
    },
    stdio: ['ignore', options.onOutput ? 'pipe' : 'inherit', options.onOutput ? 'pipe' : 'inherit'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      options.onOutput?.(chunk.toString());
      (stream === child.stderr ? process.stderr : process.stdout).write(chunk);
    });
  }
  // Generous: it bounds a start that hangs, and two portals starting at once on a busy 2-core machine take a while.
  const deadline = performance.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the portal exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) throw new Error('the portal did not become ready within 180 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    dataDir,
    exitCode: () => child.exitCode,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
      return child.exitCode;
    },
  };
}
