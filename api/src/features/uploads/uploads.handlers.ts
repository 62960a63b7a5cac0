import type { Handlers } from '../../lib/contract.js';
import { companyScopeOf, scopeOf } from '../../lib/scope.js';
import { sendAttachment } from '../../pdf/download.js';
import { receivedFile } from './uploads.multipart.js';
import { deleteUploads, downloadUpload, getObjectUploads, saveUpload } from './uploads.service.js';

/** Each caller sees its scope (`scopeOf`): the admin every company, a client its own company. */
export const uploadsHandlers: Handlers = {
  AdminUploads_getObjectUploads: async (request) => getObjectUploads(request.server.db, scopeOf(request.actor), request.body),
  AdminUploads_downloadUpload: async (request, reply) => sendAttachment(reply, await downloadUpload(request.server.db, scopeOf(request.actor), request.body.id)),
  ClientUploads_saveUploads: async (request) => saveUpload(request.server.db, request.actor, companyScopeOf(request.actor), receivedFile(request)),
  ClientUploads_deleteUploads: async (request) => deleteUploads(request.server.db, request.actor, scopeOf(request.actor), request.body.uploadsIds),
  ClientUploads_downloadUpload: async (request, reply) =>
    sendAttachment(reply, await downloadUpload(request.server.db, scopeOf(request.actor), request.body.id)),
  ClientUploads_getObjectUploads: async (request) => getObjectUploads(request.server.db, scopeOf(request.actor), request.body),
};
