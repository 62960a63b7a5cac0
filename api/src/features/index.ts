import type { Handlers } from '../lib/contract.js';
import { manufacturersHandlers } from './manufacturers/manufacturers.handlers.js';

/** Every implemented operation, by operationId. Each feature exports its own map. */
export const handlers: Handlers = {
  ...manufacturersHandlers,
};
