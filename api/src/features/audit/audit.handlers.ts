import type { Handlers } from '../../lib/contract.js';
import { sendAttachment } from '../../pdf/download.js';
import { exportAudit } from './audit.service.js';

/** The audit trail, for the admin only. */
export const auditHandlers: Handlers = {
  AdminAudit_exportAuditLog: async (request, reply) => sendAttachment(reply, await exportAudit(request.server.db, request.actor, request.body.period)),
};
