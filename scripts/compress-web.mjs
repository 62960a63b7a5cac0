#!/usr/bin/env node
// After `vite build`: writes .br and .gz beside each text asset of web/dist, so the API serves them
// precompressed (@fastify/static preCompressed) without compressing on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '../web/dist');
const compressible = /\.(js|css|html|svg|json|txt|map)$/;
let files = 0;
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (compressible.test(name) && statSync(file).size > 1024) {
      const content = readFileSync(file);
      writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      files++;
    }
  }
};
walk(root);
console.log(`compressed ${files} web assets`);
