import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A fresh machine has Node 20, npm and apt, nothing else. Every program the code or the tests start must come
 * from an npm package (node_modules) or be installed by one of the project's scripts: otherwise `npm test`
 * fails on a new machine while a machine that had it installed by hand stays green.
 *
 * This lists every place that starts a program (child_process calls, Playwright's browser) and checks that
 * each program is Node itself, an npm package's binary, or one of PROVIDED — whose script really installs it.
 */
const root = path.resolve(import.meta.dirname, '../..');

/** Programs from outside npm, and the script (and Debian package) that installs each on a fresh machine. */
const PROVIDED: Record<string, { script: string; debianPackage: string }> = {
  'chromium-headless-shell': { script: 'scripts/lib.sh', debianPackage: 'chromium-headless-shell' },
  mosquitto: { script: 'scripts/lib.sh', debianPackage: 'mosquitto' },
  // The external-broker test hashes its users' passwords with Mosquitto's own tool (same package).
  mosquitto_passwd: { script: 'scripts/lib.sh', debianPackage: 'mosquitto' },
  nginx: { script: 'scripts/lib.sh', debianPackage: 'nginx-light' },
  // The MQTT broker's TLS test makes a throwaway certificate with it.
  openssl: { script: 'scripts/lib.sh', debianPackage: 'openssl' },
};

/** Programs every Debian system has (coreutils is Essential: yes), so no script needs to install them. */
const ESSENTIAL = ['id'];

const CHILD_PROCESS = ['execFileSync', 'execFile', 'spawnSync', 'spawn', 'execSync', 'exec', 'fork'];
/** Starting a program: a child_process function (or a `promisify`d alias of one), bare or on a module object (`cp.spawn(`). */
const callPattern = (names: string[]) => new RegExp(`(^|[^.\\w])(?:\\w+\\.)?(${names.join('|')})(?:\\))?\\(\\s*([^,)\\n]+)`, 'g');
/** A regular expression's `.exec(text)` is no program start. */
const REGEX_EXEC = /\/[gimsuy]*\.exec\($/;

export interface ProgramStart {
  file: string;
  line: number;
  /** The program's name, `node`, `npm-package` (a binary from node_modules), or null when it cannot be told. */
  program: string | null;
}

/**
 * Where `source` starts a program, and which. A call whose program is computed names it in a `// runs: NAME`
 * comment on its line or the comment line above (`// runs: npm-package` for a binary from node_modules).
 */
export function programStarts(file: string, source: string): ProgramStart[] {
  const starts: ProgramStart[] = [];
  const lines = source.split('\n');
  const aliases = [...source.matchAll(/(?:const|let)\s+(\w+)\s*=\s*promisify\((execFile|exec)\)/g)].map((match) => match[1]);
  const call = callPattern([...CHILD_PROCESS, ...aliases]);
  lines.forEach((text, index) => {
    if (/(?:const|let)\s+\w+\s*=\s*promisify\((execFile|exec)\)\s*;/.test(text)) return; // the alias itself starts nothing
    for (const match of text.matchAll(call)) {
      const [whole, , fn, firstArgument] = match;
      const before = text.slice(0, (match.index ?? 0) + whole.length - firstArgument.length);
      if (fn === 'exec' && (REGEX_EXEC.test(before.trimEnd()) || /\w\.exec\($/.test(before.trimEnd()))) continue;
      const argument = firstArgument.trim();
      const previous = lines[index - 1]?.trim() ?? '';
      const declared = /\/\/\s*runs:\s*([\w.-]+)/.exec(`${text} ${previous.startsWith('//') ? previous : ''}`)?.[1];
      const rest = text.slice(match.index ?? 0);
      const program = fn === 'fork' ? 'node' : rest.includes('node_modules/') ? 'npm-package' : programOf(argument);
      starts.push({ file, line: index + 1, program: declared ?? program });
    }
    for (const match of text.matchAll(/executablePath:[^'"\n]*['"]([^'"]+)['"]/g)) {
      starts.push({ file, line: index + 1, program: path.basename(match[1]) });
    }
  });
  return starts;
}

function programOf(argument: string): string | null {
  if (argument === 'process.execPath') return 'node';
  const literal = /^['"`]([^'"`$]+)['"`]$/.exec(argument);
  return literal ? path.basename(literal[1]) : null;
}

function sourceFiles(): string[] {
  const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  return tracked
    .split('\n')
    .filter((file) => /\.(ts|tsx|mjs|cjs|js)$/.test(file))
    .filter((file) => !file.startsWith('generated/') && !file.includes('node_modules/') && !file.includes('/dist/'))
    .filter((file) => file !== 'tests/contract/programs.test.ts');
}

describe('programs the code and the tests start (a fresh machine has only Node, npm and apt)', () => {
  const starts = sourceFiles().flatMap((file) => programStarts(file, readFileSync(path.join(root, file), 'utf8')));

  it('finds the places that start programs (the scan itself works)', () => {
    expect(starts.some((start) => start.file === 'tests/e2e/portal.test-utils.ts' && start.program === 'node')).toBe(true);
    expect(starts.some((start) => start.file === 'tests/e2e/playwright.config.ts' && start.program === 'chromium-headless-shell')).toBe(true);
  });

  it('every program is Node, a binary of an npm package, or installed by a script of the project', () => {
    const unknown = starts.filter(
      (start) => start.program === null || !['node', 'npm-package', 'git', ...ESSENTIAL, ...Object.keys(PROVIDED)].includes(start.program),
    );
    expect(unknown.map((start) => `${start.file}:${start.line} starts ${start.program ?? 'a program it does not name (add // runs: NAME)'}`)).toEqual([]);
  });

  it.each(Object.entries(PROVIDED))('%s is installed by its script', (_program, { script, debianPackage }) => {
    const text = readFileSync(path.join(root, script), 'utf8');
    expect(text).toMatch(new RegExp(`apt-get install[^\\n]*\\b${debianPackage}\\b`));
    expect(readFileSync(path.join(root, 'scripts/test.sh'), 'utf8')).toContain(`source ${script}`);
  });

  it('recognises a program start, and tells a regular expression from one', () => {
    // The first line is put together so that a plain text search for program starts does not take this file's
    // example for a real call.
    const found = programStarts('x.ts', [
      'execFileSync(' + "'pdftotext', [file]);",
      'const match = /^(\\d+)$/.exec(text);',
      'const other = pattern.exec(text);',
      "child.spawn(process.execPath, ['server.js']);",
      'spawn(binary, args); // runs: pg_ctl',
      'execFile(binary, []);',
      'const run = promisify(execFile);',
      "await run('pdftotext', [file]);",
      'promisify(execFile)(process.execPath, []);',
    ].join('\n'));
    expect(found.map((start) => start.program)).toEqual(['pdftotext', 'node', 'pg_ctl', null, 'pdftotext', 'node']);
  });
});
