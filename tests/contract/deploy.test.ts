import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { loadConfig } from '../../api/src/config.js';

/**
 * The deployment description (issue 18, item 6): the Kubernetes manifests under deploy/k8s and the Dockerfile.
 * No cluster and no Docker run here, so this checks what can be checked without them: every manifest parses, the
 * kustomization lists files that exist, and the manifests say what docs/operations.md ("Deployment") promises —
 * three replicas with probes on the API's real health endpoints, non-root everywhere, the database through
 * CloudNativePG with three instances and continuous backup, and settings the API's configuration accepts.
 */
const root = path.resolve(import.meta.dirname, '../..');
const k8s = path.join(root, 'deploy/k8s');

interface Manifest {
  file: string;
  kind: string;
  apiVersion: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- a manifest's spec is as free as its kind
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? yamlFiles(path.join(dir, entry.name)) : /\.ya?ml$/.test(entry.name) ? [path.join(dir, entry.name)] : [],
  );
}

function load(file: string): Manifest[] {
  const documents = parseAllDocuments(readFileSync(file, 'utf8'));
  for (const document of documents) {
    if (document.errors.length) throw new Error(`${path.relative(root, file)}: ${document.errors.map((error) => error.message).join('; ')}`);
  }
  return documents.map((document) => ({ ...(document.toJS() as Manifest), file: path.relative(k8s, file) })).filter((manifest) => manifest.kind);
}

const all = yamlFiles(k8s).flatMap(load);
const kustomization = all.find((manifest) => manifest.file === 'kustomization.yaml') as unknown as { resources: string[]; images: { name: string }[] };
/** What `kubectl apply -k deploy/k8s` creates. */
const applied = kustomization.resources.flatMap((file) => load(path.join(k8s, file)));
const one = (kind: string, name?: string) => {
  const found = applied.filter((manifest) => manifest.kind === kind && (!name || manifest.metadata.name === name));
  expect(found, `${kind} ${name ?? ''}`).toHaveLength(1);
  return found[0];
};
const deployment = () => one('Deployment', 'orders-portal');
const podSpec = () => deployment().spec.template.spec;
const api = () => podSpec().containers.find((container: { name: string }) => container.name === 'api');

describe('the Kubernetes manifests (deploy/k8s)', () => {
  it('every YAML file parses, and the kustomization lists files that exist', () => {
    expect(all.length).toBeGreaterThan(10);
    for (const file of kustomization.resources) expect(existsSync(path.join(k8s, file)), file).toBe(true);
    const listed = new Set(kustomization.resources);
    // Every manifest is applied, or is an example, a component or the template of the Secrets (never committed filled in).
    const apart = (file: string) => file.startsWith('examples/') || file.startsWith('components/') || file === 'secrets.example.yaml' || file === 'kustomization.yaml';
    expect(yamlFiles(k8s).map((file) => path.relative(k8s, file)).filter((file) => !listed.has(file) && !apart(file))).toEqual([]);
  });

  it('creates the API Deployment, its Service, Ingress, HPA and disruption budget, the migration Job and the database', () => {
    expect(new Set(applied.map((manifest) => manifest.kind))).toEqual(
      new Set(['Namespace', 'ConfigMap', 'Cluster', 'ObjectStore', 'ScheduledBackup', 'Job', 'Deployment', 'Service', 'Ingress', 'HorizontalPodAutoscaler', 'PodDisruptionBudget']),
    );
    expect(applied.filter((manifest) => manifest.kind === 'Secret')).toEqual([]); // secrets are created apart, never committed
  });

  it('runs three replicas of the API, rolling one at a time without going below three', () => {
    expect(deployment().spec.replicas).toBe(3);
    expect(deployment().spec.strategy.rollingUpdate).toEqual({ maxUnavailable: 0, maxSurge: 1 });
    const labels = deployment().spec.template.metadata.labels;
    expect(deployment().spec.selector.matchLabels).toEqual(labels);
    expect(one('Service', 'orders-portal').spec.selector).toEqual(labels);
    expect(one('PodDisruptionBudget').spec.selector.matchLabels).toEqual(labels);
  });

  it('probes the health endpoints the API has: readiness on /readyz (the database), liveness and start-up on /healthz (the process)', () => {
    const app = readFileSync(path.join(root, 'api/src/app.ts'), 'utf8');
    expect(app).toContain("app.get('/healthz'");
    expect(app).toContain("app.get('/readyz'");
    expect(api().readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(api().livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(api().startupProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
    const port = api().ports.find((candidate: { name: string }) => candidate.name === 'http');
    expect(port.containerPort).toBe(Number(one('ConfigMap', 'orders-portal-config').data!.PORT));
  });

  it('runs every container as a non-root user without privileges, on a read-only root filesystem', () => {
    const pods = applied.filter((manifest) => manifest.kind === 'Deployment' || manifest.kind === 'Job').map((manifest) => manifest.spec.template.spec);
    expect(pods).toHaveLength(2);
    for (const pod of pods) {
      expect(pod.securityContext.runAsNonRoot).toBe(true);
      expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
      expect(pod.automountServiceAccountToken).toBe(false);
      for (const container of pod.containers) {
        expect(container.securityContext).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, runAsNonRoot: true, capabilities: { drop: ['ALL'] } });
        expect(container.resources.requests.cpu).toBeTruthy();
        expect(container.resources.requests.memory).toBeTruthy();
        expect(container.resources.limits.memory).toBeTruthy();
      }
    }
    // DATA_DIR (the image's /data) and /tmp are the only writable places.
    expect(api().volumeMounts.map((mount: { mountPath: string }) => mount.mountPath).sort()).toEqual(['/data', '/tmp']);
  });

  it('scales the Deployment from three replicas on CPU', () => {
    const hpa = one('HorizontalPodAutoscaler');
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'orders-portal' });
    expect(hpa.spec.minReplicas).toBe(3);
    expect(hpa.spec.maxReplicas).toBeGreaterThan(3);
    // Every replica's pool fits the database: maxReplicas x DB_POOL_MAX within max_connections, with room left.
    const pool = Number(one('ConfigMap').data!.DB_POOL_MAX);
    const maxConnections = Number(one('Cluster', 'orders-db').spec.postgresql.parameters.max_connections);
    expect(hpa.spec.maxReplicas * pool).toBeLessThanOrEqual(maxConnections * 0.75);
  });

  it('routes the Ingress to the Service and retries a refused request on another replica', () => {
    const ingress = one('Ingress');
    const backend = ingress.spec.rules[0].http.paths[0].backend.service;
    expect(backend.name).toBe(one('Service').metadata.name);
    expect(backend.port.name).toBe(one('Service').spec.ports[0].name);
    expect(ingress.metadata.annotations!['nginx.ingress.kubernetes.io/proxy-next-upstream']).toContain('error');
    expect(ingress.spec.tls[0].hosts).toContain(new URL(one('ConfigMap').data!.PUBLIC_URL).host);
  });

  it('keeps PostgreSQL in a CloudNativePG Cluster of three instances with continuous backup to an object store', () => {
    const cluster = one('Cluster', 'orders-db');
    expect(cluster.apiVersion).toBe('postgresql.cnpg.io/v1');
    expect(cluster.spec.instances).toBe(3);
    expect(cluster.spec.affinity.enablePodAntiAffinity).toBe(true);
    expect(cluster.spec.bootstrap.initdb.database).toBe('orders_portal');
    const archiver = cluster.spec.plugins.find((plugin: { isWALArchiver?: boolean }) => plugin.isWALArchiver);
    expect(archiver.name).toBe('barman-cloud.cloudnative-pg.io');
    const store = one('ObjectStore', archiver.parameters.barmanObjectName);
    expect(store.spec.configuration.destinationPath).toMatch(/^s3:\/\//);
    expect(store.spec.retentionPolicy).toMatch(/^\d+[dwm]$/);
    const backup = one('ScheduledBackup');
    expect(backup.spec.cluster.name).toBe('orders-db');
    expect(backup.spec.method).toBe('plugin');
    // The application role CloudNativePG creates is the one the API connects as.
    const role = cluster.spec.managed.roles[0];
    const databaseUrl = api().env.find((variable: { name: string }) => variable.name === 'DATABASE_URL').value;
    expect(new URL(databaseUrl.replace('$(APP_DB_PASSWORD)', 'x')).username).toBe(role.name);
    expect(new URL(databaseUrl.replace('$(APP_DB_PASSWORD)', 'x')).host).toBe('orders-db-rw:5432');
    expect(role.superuser).toBe(false);
  });

  it('runs the migrations as a Job with the function every start runs', () => {
    const job = one('Job', 'orders-portal-migrate');
    const script = job.spec.template.spec.containers[0].command.join(' ');
    expect(script).toContain("import('/app/api/dist/db/roles.js')");
    expect(readFileSync(path.join(root, 'api/src/db/roles.ts'), 'utf8')).toMatch(/export async function migrateAsOwner\(ownerUrl: string, appUrl: string(\)|, onNewer\?: )/);
    const names = job.spec.template.spec.containers[0].env.map((variable: { name: string }) => variable.name);
    expect(names).toEqual(expect.arrayContaining(['DATABASE_URL', 'DATABASE_OWNER_URL']));
    expect(job.spec.template.spec.restartPolicy).toBe('Never');
  });

  it("passes settings that the API's configuration accepts", () => {
    const data = one('ConfigMap', 'orders-portal-config').data!;
    const keycloak = load(path.join(k8s, 'components/keycloak/kustomization.yaml'))[0] as unknown as { patches: { patch: string }[] };
    const patched = Object.fromEntries(
      [...keycloak.patches[0].patch.matchAll(/path: \/data\/(\w+)\n\s+value: "?([^"\n]+)"?/g)].map((match) => [match[1], match[2]]),
    );
    // What the Secret holds (secrets.example.yaml), with values of the right shape.
    const secrets = {
      DATABASE_URL: 'postgres://orders_app:x@orders-db-rw:5432/orders_portal',
      MFA_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      AUDIT_HMAC_KEY: Buffer.alloc(32, 2).toString('base64'),
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'example-secret-access-key',
    };
    expect(() => loadConfig({ ...data, ...secrets })).not.toThrow();
    expect(() => loadConfig({ ...data, ...patched, ...secrets, KEYCLOAK_ADMIN_CLIENT_SECRET: 'x' })).not.toThrow();
    expect(loadConfig({ ...data, ...secrets })).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0', TRUST_PROXY: 1, SEED_DEMO: false });
    // Every name is one the API reads.
    const known = new Set([...readFileSync(path.join(root, 'api/src/config.ts'), 'utf8').matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1]));
    expect(Object.keys({ ...data, ...patched }).filter((name) => !known.has(name))).toEqual([]);
  });
});

describe('the container image (Dockerfile)', () => {
  const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
  const instructions = dockerfile
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .filter((line) => line.trim() && !line.trim().startsWith('#'));

  it('builds in stages and runs on a slim Node image as a non-root user', () => {
    const stages = instructions.filter((line) => line.startsWith('FROM '));
    expect(stages.length).toBeGreaterThanOrEqual(3);
    expect(stages.at(-1)).toMatch(/^FROM node:\$\{NODE_VERSION\}-\w+-slim AS runtime$/);
    const runtime = instructions.slice(instructions.indexOf(stages.at(-1)!));
    const user = runtime.find((line) => line.startsWith('USER '));
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^USER (root|0)(:|$)/);
    expect(runtime.indexOf(user!)).toBeLessThan(runtime.findIndex((line) => line.startsWith('CMD ')));
    // Production dependencies only in the runtime: the API package's, installed by `pnpm deploy --prod`.
    expect(dockerfile).toMatch(/pnpm --filter @orders-portal\/api deploy --prod/);
  });

  it('copies what `node api/dist/server.js` reads, exposes its port and checks its health', () => {
    for (const needed of ['/src/api/dist ./api/dist', '/src/web/dist ./web/dist', '/src/generated/openapi.json']) expect(dockerfile).toContain(needed);
    expect(instructions).toContain('EXPOSE 3000');
    expect(instructions.find((line) => line.startsWith('HEALTHCHECK'))).toContain('/healthz');
    expect(instructions.at(-1)).toBe('CMD ["node", "api/dist/server.js"]');
    expect(dockerfile).toMatch(/HOST=0\.0\.0\.0/);
  });

  it("gives the API the Deployment's Node flags (NODE_OPTIONS), heap limits (the API's and its PDF workers') that leave room below the pod's memory limit", () => {
    const stages = instructions.filter((line) => line.startsWith('FROM '));
    const runtime = instructions.slice(instructions.indexOf(stages.at(-1)!));
    const image = runtime.find((line) => line.startsWith('ENV '))?.match(/NODE_OPTIONS=(?:"([^"]*)"|(\S+))/)?.slice(1).find((value) => value !== undefined);
    const container = api();
    const deployed = container.env.find((variable: { name: string }) => variable.name === 'NODE_OPTIONS')?.value;
    // The bench starts the API with the Deployment's (tests/bench/run.ts): the image must not run otherwise.
    expect(image).toBe(deployed);
    const heapMb = Number(/--max-old-space-size=(\d+)/.exec(deployed)?.[1]);
    const limitMi = Number(/^(\d+)Gi$/.exec(container.resources.limits.memory)?.[1]) * 1024 || Number(/^(\d+)Mi$/.exec(container.resources.limits.memory)?.[1]);
    // What is resident besides the old space (code, young generation, native buffers: 100-150 MB at full scale).
    expect(heapMb).toBeGreaterThan(0);
    // PDFs render in worker threads, each with a heap of its own (api/src/pdf/pdf.ts).
    const settings = one('ConfigMap', 'orders-portal-config').data as Record<string, string>;
    const pdfHeapsMb = Number(settings.PDF_MAX_RENDERS) * Number(settings.PDF_WORKER_HEAP_MB);
    expect(pdfHeapsMb).toBeGreaterThan(0);
    expect(limitMi - heapMb - pdfHeapsMb).toBeGreaterThanOrEqual(200);
  });

  it("gives a build proxy's CA to the build stages only, never to the runtime image", () => {
    const stages = instructions.filter((line) => line.startsWith('FROM '));
    const runtime = instructions.slice(instructions.indexOf(stages.at(-1)!));
    expect(instructions.filter((line) => line === 'ARG NODE_EXTRA_CA_CERTS')).toHaveLength(2); // build and deps
    expect(runtime.filter((line) => line.includes('NODE_EXTRA_CA_CERTS'))).toEqual([]);
  });

  it('keeps local installs, builds, data and secrets out of the build context', () => {
    const ignored = readFileSync(path.join(root, '.dockerignore'), 'utf8').split('\n');
    for (const entry of ['**/node_modules', '**/dist', '.data', '.env', '.git']) expect(ignored).toContain(entry);
  });
});
