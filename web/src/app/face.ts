import type { ComponentType } from 'react';
import { OPERATION_ROLES, type OperationId } from '@generated/operationRoles';

/**
 * What a face is (its menu and routes) and which calls a user's roles allow: read by the pages and the app context,
 * apart from faces.ts, which loads the pages.
 */

type PageModule = Promise<{ default: ComponentType }>;

export interface FaceRoute {
  /** TanStack Router path, e.g. `/claims/$id`. */
  path: string;
  title: string;
  load: () => PageModule;
  /**
   * The operations the page calls to show itself (its reads; a 'new' page its save). The page is registered, and its
   * menu entry shown, only for a user who holds one of the `x-roles` of each (generated/web/operationRoles.ts).
   */
  calls: OperationId[];
}

export interface MenuEntry {
  label: string;
  to?: string;
  children?: MenuEntry[];
}

export interface Face {
  name: 'admin' | 'client' | 'operator' | 'accountant' | 'guest';
  menu: MenuEntry[];
  routes: FaceRoute[];
  /** Paths that redirect (e.g. the client's '' to profile). */
  redirects: Record<string, string>;
  /** The admin face shows "Welcome, {full name}". */
  welcome: boolean;
}

/** Whether a user holding `roles` may make the call `operation` (every signed-in user also holds `guest`). */
export function mayCall(operation: OperationId, roles: readonly string[]): boolean {
  const allowed: readonly string[] = OPERATION_ROLES[operation];
  return allowed.some((role) => role === 'guest' || roles.includes(role));
}

/** Whether a user holding `roles` may make every call of `route`. */
export function mayOpen(route: FaceRoute, roles: readonly string[]): boolean {
  return route.calls.every((operation) => mayCall(operation, roles));
}
