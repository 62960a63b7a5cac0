import type { Handlers } from '../../lib/contract.js';
import { tenantOf } from '../../lib/actor.js';
import { sendAttachment } from '../../pdf/download.js';
import { receivedFile } from './uploads.multipart.js';
import { deleteUploads, downloadUpload, getObjectUploads, saveUpload } from './uploads.service.js';

/** Admin handlers see every company (scope null); client handlers only the caller's (tenantOf). */
export const uploadsHandlers: Handlers = {
  AdminUploads_getObjectUploads: async (request) => getObjectUploads(request.server.db, null, request.body),
  AdminUploads_downloadUpload: async (request, reply) => sendAttachment(reply, await downloadUpload(request.server.db, null, request.body.id)),
  ClientUploads_saveUploads: async (request) => saveUpload(request.server.db, request.actor, tenantOf(request.actor), receivedFile(request)),
  ClientUploads_deleteUploads: async (request) => deleteUploads(request.server.db, request.actor, tenantOf(request.actor), request.body.uploadsIds),
  ClientUploads_downloadUpload: async (request, reply) =>
    sendAttachment(reply, await downloadUpload(request.server.db, tenantOf(request.actor), request.body.id)),
  ClientUploads_getObjectUploads: async (request) => getObjectUploads(request.server.db, tenantOf(request.actor), request.body),
};
