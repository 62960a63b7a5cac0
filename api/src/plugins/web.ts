import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html never, so a new release is
 * picked up on the next load. The app uses hash routing, so only `/` needs index.html.
 */
export async function registerWebApp(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: ['index.html'],
    // Our Cache-Control below; @fastify/static's own (max-age=0) would overwrite it after setHeaders.
    cacheControl: false,
    preCompressed: true, // web/dist has .br and .gz beside each asset (scripts/compress-web.mjs)
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // A page without an icon link (a PDF, an error page) makes the browser ask for /favicon.ico: the one icon is the SVG.
  app.get('/favicon.ico', (_request, reply) => reply.redirect('/favicon.svg', 301));
}
