#!/usr/bin/env node
// After `vite build`: writes .br and .gz beside each text asset of web/dist, so the API serves them
// precompressed (@fastify/static preCompressed) without compressing on every request. zlib's asynchronous calls
// compress on libuv's thread pool, so the assets are compressed on every core at once.
import { readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '../web/dist');
const compressible = /\.(js|css|html|svg|json|txt|map)$/;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (compressible.test(name) && statSync(file).size > 1024) files.push(file);
  }
};
walk(root);
await Promise.all(
  files.map(async (file) => {
    const content = await readFile(file);
    const [br, gz] = await Promise.all([brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), gzipped(content, { level: 9 })]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  }),
);
console.log(`compressed ${files.length} web assets`);
