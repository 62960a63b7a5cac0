#!/usr/bin/env node
// pnpm gen: spec/ -> generated/. Everything in generated/ comes from here; never edit it by hand.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, copyFileSync } from 'node:fs';
import { parse } from 'yaml';

// runs: npm-package (every command is a binary of node_modules/.bin, see bin())
const run = (cmd, args) => execFileSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'] });
const bin = (name) => `node_modules/.bin/${name}`;

mkdirSync('generated', { recursive: true });
run(bin('tsp'), ['compile', 'spec', '--no-emit=false']);
copyFileSync('.tsp-out/openapi.yaml', 'generated/openapi.yaml');
const document = parse(readFileSync('generated/openapi.yaml', 'utf8'));
writeFileSync('generated/openapi.json', JSON.stringify(document, null, 2) + '\n');
run(bin('openapi-typescript'), ['generated/openapi.yaml', '-o', 'generated/api-types.d.ts', '--alphabetize']);
run(bin('orval'), ['--config', 'orval.config.ts']);
