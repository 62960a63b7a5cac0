import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { contractPath } from '../lib/contract.js';

const require = createRequire(import.meta.url);

/**
 * The published contract for integrators: the OpenAPI document as JSON and YAML, and a readable reference
 * page (Swagger UI, served from the package, no CDN; its initialiser is a file because the CSP forbids
 * inline scripts).
 */
export async function registerContractDocs(app: FastifyInstance): Promise<void> {
  const json = readFileSync(contractPath, 'utf8');
  const yaml = readFileSync(contractPath.replace(/\.json$/, '.yaml'), 'utf8');
  app.get('/api/openapi.json', async (_request, reply) => reply.type('application/json').send(json));
  app.get('/api/openapi.yaml', async (_request, reply) => reply.type('application/yaml').send(yaml));

  const uiRoot = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  await app.register(fastifyStatic, { root: uiRoot, prefix: '/api/docs/assets/', decorateReply: false, allowedPath: (p) => /\.(js|css|png)$/.test(p) });
  app.get('/api/docs/init.js', async (_request, reply) =>
    reply
      .type('text/javascript')
      .send(`window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true, docExpansion: 'none', defaultModelsExpandDepth: 0 });`),
  );
  app.get('/api/docs', async (_request, reply) =>
    reply.type('text/html').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Orders Portal API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body></html>`),
  );
}
