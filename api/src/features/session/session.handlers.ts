import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Handlers } from '../../lib/contract.js';
import { acceptLanguageOf } from '../../plugins/problems.js';
import { callerLanguage, chooseLanguage, getMe } from './session.service.js';
import { scopeOf } from '../../lib/scope.js';

/** The language of a request's caller: `callerLanguage` of its token's subject and of its Accept-Language as it arrived. */
export const requestLanguage = (db: Db, request: FastifyRequest) =>
  callerLanguage(db, request.actor && { subject: request.actor.sub, companyId: request.actor.companyId }, acceptLanguageOf(request));

export const sessionHandlers: Handlers = {
  Session_getMe: async (request) => getMe(request.server.db, request.actor, scopeOf(request.actor), request.server.config.CONTACT_EMAIL),
  Session_chooseLanguage: async (request) =>
    chooseLanguage(request.server.db, request.actor, scopeOf(request.actor), request.body.language, request.server.config.CONTACT_EMAIL),
};
