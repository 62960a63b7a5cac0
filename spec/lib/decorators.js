// Contract decorators of the Orders Portal. They only write OpenAPI extensions, so every consumer
// (API role gate, orval query/mutation choice, tests) reads them from the generated document.
import { setExtension } from "@typespec/openapi";

/** @roles("admin", "client"): who may call the operation; written as `x-roles`. */
function $roles(context, target, ...roles) {
  setExtension(context.program, target, "x-roles", roles);
}

/** @read: the operation only reads (even when it is a POST); the web app gets a query hook for it. */
function $read(context, target) {
  setExtension(context.program, target, "x-read", true);
}

export const $decorators = {
  OrdersPortal: { roles: $roles, read: $read },
};
