import type { ClientType, StaffRole } from '../lib/roles.js';

/** What the portal reads of the identity service's clients and users, whichever directory answers. */

export type DirectoryClientType = '0' | '1';

/** One client company as the identity service knows it (what the original read from Keycloak's admin API). */
export interface DirectoryClient {
  /** The company id (the `companyId` claim of its users). */
  id: string;
  company: string;
  /** Machines (FBs) of the client. */
  fbs: string[];
  address: string;
  clientType: DirectoryClientType;
  /** Creation time in milliseconds since the epoch. */
  createdTimestamp: number;
  enabled: boolean;
  /** E-mail and full name of the company's first user. */
  email: string | null;
  fullName: string | null;
}

/** One user of the identity service with their client attributes (null for staff without a company). */
export interface DirectoryUser {
  id: string;
  username: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  fullName: string | null;
  enabled: boolean;
  createdTimestamp: number;
  companyId: string | null;
  company: string | null;
  fbs: string[];
  address: string | null;
  clientType: DirectoryClientType | null;
}

/** A person who may be told of something: their subject, company and roles as their access tokens carry them. */
export interface DirectoryPerson {
  /** The subject (`sub`) of their tokens. */
  id: string;
  companyId: string | null;
  /** Staff roles (resource roles of orders-public). */
  staffRoles: StaffRole[];
  /** Client, buyer or seller for a client company's user (resource role client, realm role buyer or seller); else null. */
  clientType: ClientType | null;
  email: string | null;
  fullName: string | null;
}

export interface ClientDirectory {
  /** Every client company, in the order of their names. */
  listClients(): Promise<DirectoryClient[]>;
  /** A user by id; a company id finds that company's first user. Undefined when there is none. */
  getUser(id: string): Promise<DirectoryUser | undefined>;
  /** Every enabled person who holds a role of the portal (staff, or a client company's user). */
  listPeople(): Promise<DirectoryPerson[]>;
  /** One person by subject, with their roles; undefined when they are unknown, disabled or hold no role of the portal. */
  getPerson(id: string): Promise<DirectoryPerson | undefined>;
}
