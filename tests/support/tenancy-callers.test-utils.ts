import type { FastifyInstance } from "fastify";
import type { Db } from "../../api/src/db/database.js";
import type { Role } from "../../api/src/lib/roles.js";
import { as, createTestApp } from "./app.test-utils.js";

/**
 * Who calls in the tenancy matrix (tests/support/tenancy-matrix.test-utils.ts): people by default, with tokens signed as the
 * identity provider signs them (api/src/features/tenancy.test.ts); API clients signed in with client credentials in
 * api/src/features/apiclients/apiclients.tenancy.test.ts.
 */
export interface TenancyCallers {
  /** Named in the matrix's titles. */
  label: string;
  /** The API on the matrix's database. */
  start(db: Db): Promise<FastifyInstance>;
  /** A caller of `face` (client, buyer or seller) of `companyId`. */
  tokenOf(face: Role, companyId: string): Promise<string>;
  /**
   * Whether the callers are people, with an inbox of their own (notifications belong to a person, not to a company).
   * Systems are not: another person's notification must still look missing to them, but they have none to tell apart.
   */
  people?: boolean;
}

export const PEOPLE: TenancyCallers = {
  label: "users",
  start: (db) => createTestApp(db),
  tokenOf: (face, companyId) =>
    face === "seller"
      ? as.seller(companyId)
      : face === "buyer"
        ? as.buyer(companyId)
        : as.client(companyId),
};

let current = PEOPLE;

export function useTenancyCallers(callers: TenancyCallers): void {
  current = callers;
}

export const tenancyCallers = (): TenancyCallers => current;
