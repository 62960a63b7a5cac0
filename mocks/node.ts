import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** MSW for web unit tests (vitest, jsdom). */
export const server = setupServer(...handlers);
