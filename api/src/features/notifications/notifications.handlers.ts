import type { Handlers } from '../../lib/contract.js';
import { getFailedMails, getNotifications, getPreferences, getUnreadCount, markAllRead, markRead, retryMail, savePreferences } from './notifications.service.js';

export const notificationsHandlers: Handlers = {
  Notifications_getNotifications: async (request) => getNotifications(request.server.db, request.actor, request.body),
  Notifications_getUnreadCount: async (request) => getUnreadCount(request.server.db, request.actor),
  Notifications_markRead: async (request) => markRead(request.server.db, request.actor, request.body.notificationIds),
  Notifications_markAllRead: async (request) => markAllRead(request.server.db, request.actor),
  Notifications_getPreferences: async (request) => getPreferences(request.server.db, request.actor),
  Notifications_savePreferences: async (request) => savePreferences(request.server.db, request.actor, request.body),
  Notifications_stream: async (request, reply) => request.server.notificationStreams.open(request, reply, request.body.seconds ?? 300) as never,
  Notifications_getFailedMails: async (request) => getFailedMails(request.server.db, request.body.pagination),
  Notifications_retryMail: async (request) => retryMail(request.server.db, request.actor, request.body.id),
};
