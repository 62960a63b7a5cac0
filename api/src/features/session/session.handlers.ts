import type { Handlers } from '../../lib/contract.js';
import { chooseLanguage, getMe } from './session.service.js';

export const sessionHandlers: Handlers = {
  Session_getMe: async (request) => getMe(request.server.db, request.actor, request.server.config.CONTACT_EMAIL),
  Session_chooseLanguage: async (request) => chooseLanguage(request.server.db, request.actor, request.body.language, request.server.config.CONTACT_EMAIL),
};
