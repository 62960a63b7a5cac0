/**
 * Users and client companies of the embedded identity provider, from the command line:
 *   pnpm users list
 *   pnpm users add <username> --password <p> --email <e> --first <f> --last <l> [--role admin|operator|accountant|client ...] [--realm buyer|seller] [--company <id>]
 *   pnpm users disable|enable <username>
 *   pnpm users passwd <username> --password <p>
 *   pnpm users reset-mfa <username>
 *   pnpm users company add <id> --name <n> [--type 0|1] [--fbs A,B] [--address ...]
 *   pnpm users company disable|enable <id>
 *   pnpm users company list
 * It uses DATABASE_URL, or the portal's embedded database in DATA_DIR (default .data): the running portal's
 * server when there is one, otherwise it starts it for the command and stops it after. Migrations run first.
 * Every command is recorded in the audit log (who ran it on which host, what, and whether it was refused).
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { Db } from '../db/database.js';
import { revokeUserSessions } from '../idp/adapter.js';
import { revokeCompanyApiClients } from '../idp/api-clients.js';
import { resetMfa } from '../idp/mfa.js';
import { hashPassword, passwordProblem } from '../idp/passwords.js';
import { recordAudit } from '../lib/audit.js';
import { exit, withPortalDatabase } from './connect.js';

const RESOURCE_ROLES = ['admin', 'operator', 'accountant', 'client'] as const;
const REALM_ROLES = ['buyer', 'seller'] as const;
const USERNAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,99}$/;
const COMPANY_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const USAGE = `Usage: pnpm users <command>

  list                                   users with roles, company and state
  add <username> --password <p> --email <e> --first <f> --last <l>
      [--role admin|operator|accountant|client ...] [--realm buyer|seller] [--company <id>]
  disable <username>                     refuses sign-in and ends the user's sessions and tokens
  enable <username>
  passwd <username> --password <p>       sets a new password and ends the user's sessions
  reset-mfa <username>                   removes the user's second factor and recovery codes
                                         (they enrol again at their next sign-in when it is required)
  company list
  company add <id> --name <n> [--type 0|1] [--fbs A,B] [--address <text>]
                                         type 0 converter (default), 1 buyer; fbs are its machines
  company disable <id>                   disables the company: its users cannot sign in, its API clients' tokens stop at once
  company enable <id>

Database: DATABASE_URL, or the embedded one in DATA_DIR (default .data).`;

class UsageError extends Error {}
class CommandError extends Error {}

type Options = {
  password?: string;
  email?: string;
  first?: string;
  last?: string;
  role?: string[];
  realm?: string[];
  company?: string;
  name?: string;
  type?: string;
  fbs?: string;
  address?: string;
  help?: boolean;
};

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        password: { type: 'string' },
        email: { type: 'string' },
        first: { type: 'string' },
        last: { type: 'string' },
        role: { type: 'string', multiple: true },
        realm: { type: 'string', multiple: true },
        company: { type: 'string' },
        name: { type: 'string' },
        type: { type: 'string' },
        fbs: { type: 'string' },
        address: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function required(value: string | undefined, flag: string): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`--${flag} is required.`);
  return value.trim();
}

function oneOf<T extends string>(values: string[] | undefined, allowed: readonly T[], flag: string): T[] {
  const list = (values ?? []).flatMap((value) => value.split(',')).map((value) => value.trim()).filter(Boolean);
  for (const value of list) {
    if (!allowed.includes(value as T)) throw new UsageError(`--${flag} ${value} is not one of ${allowed.join(', ')}.`);
  }
  return [...new Set(list)] as T[];
}

function checkPassword(password: string | undefined): string {
  const value = required(password, 'password');
  const problem = passwordProblem(value);
  if (problem) throw new UsageError(problem);
  return value;
}

async function findUser(db: Db, username: string) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'enabled'])
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.trim().toLowerCase()))
    .executeTakeFirst();
  if (!user) throw new CommandError(`There is no user ${username}.`);
  return user;
}

async function companyExists(db: Db, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('companies').select('id').where('id', '=', id).executeTakeFirst());
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd()).join('\n');
}

async function run(db: Db, positionals: string[], options: Options): Promise<string> {
  const [command, argument, extra] = positionals;
  switch (command) {
    case 'list': {
      const users = await db
        .selectFrom('users')
        .leftJoin('companies', 'companies.id', 'users.company_id')
        .select(['users.username', 'users.first_name', 'users.last_name', 'users.email', 'users.resource_roles', 'users.realm_roles', 'users.company_id', 'users.enabled', 'companies.enabled as company_enabled'])
        .orderBy('users.username')
        .execute();
      if (!users.length) return 'No users yet.';
      return table([
        ['USERNAME', 'NAME', 'EMAIL', 'ROLES', 'REALM', 'COMPANY', 'STATE'],
        ...users.map((user) => [
          user.username,
          `${user.first_name} ${user.last_name}`.trim(),
          user.email ?? '',
          user.resource_roles.join(',') || '-',
          user.realm_roles.join(',') || '-',
          user.company_id ?? '-',
          !user.enabled ? 'disabled' : user.company_enabled === false ? 'company disabled' : 'enabled',
        ]),
      ]);
    }
    case 'add': {
      const username = required(argument, 'username (first argument)');
      if (extra) throw new UsageError(`Unexpected argument ${extra}.`);
      if (!USERNAME.test(username)) throw new UsageError('The username may contain letters, digits and . _ @ - (at most 100 characters).');
      const password = checkPassword(options.password);
      const email = required(options.email, 'email');
      if (!EMAIL.test(email)) throw new UsageError(`${email} is not an e-mail address.`);
      const first = required(options.first, 'first');
      const last = required(options.last, 'last');
      const roles = oneOf(options.role, RESOURCE_ROLES, 'role');
      const realm = oneOf(options.realm, REALM_ROLES, 'realm');
      const company = options.company?.trim() || null;
      if (roles.includes('client') && !company) throw new UsageError('A user with --role client needs --company (the client company it belongs to).');
      if (realm.length && !roles.includes('client')) throw new UsageError('--realm buyer|seller applies to client users: add --role client.');
      if (realm.length > 1) throw new UsageError('A client user is either a buyer or a seller, not both.');
      if (company && !(await companyExists(db, company))) throw new CommandError(`There is no company ${company}: add it first with "pnpm users company add ${company} --name ...".`);
      const taken = await db.selectFrom('users').select('id').where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase())).executeTakeFirst();
      if (taken) throw new CommandError(`The username ${username} is taken.`);
      await db
        .insertInto('users')
        .values({
          username,
          email,
          first_name: first,
          last_name: last,
          password_hash: await hashPassword(password),
          company_id: company,
          resource_roles: roles,
          realm_roles: realm,
        })
        .execute();
      return `Added user ${username}${roles.length ? ` (${[...roles, ...realm].join(', ')})` : ' (no roles: guest page only)'}${company ? ` of ${company}` : ''}.`;
    }
    case 'disable':
    case 'enable': {
      const user = await findUser(db, required(argument, 'username (first argument)'));
      const enabled = command === 'enable';
      await db.updateTable('users').set({ enabled }).where('id', '=', user.id).execute();
      if (!enabled) {
        const ended = await revokeUserSessions(db, user.id);
        return `Disabled ${user.username}; ended ${ended} session and token record${ended === 1 ? '' : 's'}.`;
      }
      return `Enabled ${user.username}.`;
    }
    case 'passwd': {
      const user = await findUser(db, required(argument, 'username (first argument)'));
      const password = checkPassword(options.password);
      await db.updateTable('users').set({ password_hash: await hashPassword(password) }).where('id', '=', user.id).execute();
      await revokeUserSessions(db, user.id);
      return `Changed the password of ${user.username}; their sessions have ended.`;
    }
    case 'reset-mfa': {
      const user = await findUser(db, required(argument, 'username (first argument)'));
      const removed = await resetMfa(db, user.id);
      return removed ? `Removed the second factor of ${user.username}.` : `${user.username} had no second factor.`;
    }
    case 'company':
      return runCompany(db, positionals.slice(1), options);
    case undefined:
      throw new UsageError('No command given.');
    default:
      throw new UsageError(`Unknown command ${command}.`);
  }
}

async function runCompany(db: Db, positionals: string[], options: Options): Promise<string> {
  const [command, argument] = positionals;
  switch (command) {
    case 'list': {
      const companies = await db.selectFrom('companies').selectAll().orderBy('name').execute();
      if (!companies.length) return 'No companies yet.';
      return table([
        ['ID', 'NAME', 'TYPE', 'FBS', 'ADDRESS', 'STATE'],
        ...companies.map((company) => [
          company.id,
          company.name,
          company.client_type === '1' ? '1 buyer' : '0 converter',
          company.fbs.join(',') || '-',
          company.address || '-',
          company.enabled ? 'enabled' : 'disabled',
        ]),
      ]);
    }
    case 'add': {
      const id = required(argument, 'id (argument after "company add")');
      if (!COMPANY_ID.test(id)) throw new UsageError('The company id may contain letters, digits and . _ - (at most 64 characters), e.g. nordic-springs.');
      const name = required(options.name, 'name');
      const type = options.type ?? '0';
      if (type !== '0' && type !== '1') throw new UsageError('--type is 0 (converter) or 1 (buyer).');
      const fbs = [...new Set((options.fbs ?? '').split(',').map((value) => value.trim()).filter(Boolean))];
      if (await companyExists(db, id)) throw new CommandError(`The company ${id} exists already.`);
      await db.insertInto('companies').values({ id, name, client_type: type, fbs, address: options.address?.trim() ?? '' }).execute();
      return `Added company ${id} (${name}, ${type === '1' ? 'buyer' : 'converter'}${fbs.length ? `, machines ${fbs.join(', ')}` : ''}).`;
    }
    case 'disable':
    case 'enable': {
      const id = required(argument, 'id (argument after "company disable|enable")');
      if (!(await companyExists(db, id))) throw new CommandError(`There is no company ${id}.`);
      const enabled = command === 'enable';
      if (enabled) {
        await db.updateTable('companies').set({ enabled }).where('id', '=', id).execute();
        return `Enabled company ${id}.`;
      }
      // The company and its API clients' tokens in one transaction: no system of a disabled company keeps calling.
      const clients = await db.transaction().execute(async (trx) => {
        await trx.updateTable('companies').set({ enabled }).where('id', '=', id).execute();
        return revokeCompanyApiClients(trx, id);
      });
      const users = await db.selectFrom('users').select('id').where('company_id', '=', id).execute();
      for (const user of users) await revokeUserSessions(db, user.id);
      return `Disabled company ${id}; its ${users.length} user${users.length === 1 ? '' : 's'} can no longer sign in, and its ${clients} API client${clients === 1 ? '' : 's'} no longer reach the API.`;
    }
    default:
      throw new UsageError(command ? `Unknown company command ${command}.` : 'Missing company command (list, add, disable, enable).');
  }
}

/** What a command did, for the audit log: the command and its target, never a password. */
async function auditCommand(db: Db, positionals: string[], options: Options, refused?: string): Promise<void> {
  const company = positionals[0] === 'company';
  const [command, argument] = company ? positionals.slice(1) : positionals;
  const { password: _password, help: _help, ...flags } = options;
  await recordAudit(db, {
    subject: `cli:${os.userInfo().username}`,
    // No client address: the command runs on the server; the "user agent" names the tool and its runtime.
    userAgent: `pnpm users (node ${process.version})`,
    operation: `users.${company ? 'company.' : ''}${command}`,
    recordType: company ? 'company' : 'user',
    recordId: argument ?? null,
    details: { host: os.hostname(), ...flags, ...(options.password !== undefined ? { password: 'set' } : {}), ...(refused ? { refused } : {}) },
  });
}

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parse(argv);
  if (values.help || positionals.length === 0) {
    console.log(USAGE);
    return positionals.length === 0 && !values.help ? 2 : 0;
  }
  return withPortalDatabase(async (db) => {
    try {
      const output = await run(db, positionals, values as Options);
      await auditCommand(db, positionals, values as Options);
      console.log(output);
      return 0;
    } catch (error) {
      if (error instanceof CommandError || error instanceof UsageError) await auditCommand(db, positionals, values as Options, error.message);
      throw error;
    }
  });
}

main(process.argv.slice(2)).then(exit, (error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
    exit(2);
  } else {
    console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
    exit(1);
  }
});
