import { setupWorker } from 'msw/browser';
import { handlers } from './handlers';

/** MSW in the browser, for developing a screen without any server (see docs/architecture.md). */
export const worker = setupWorker(...handlers);
