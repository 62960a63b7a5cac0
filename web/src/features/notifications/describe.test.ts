import { describe, expect, it } from 'vitest';
import type { Notification } from '@generated/model';
import { speakLocale } from '../../test/locale.test-utils';
import { describeNotification } from './describe';

const statusChanged = {
  id: 9, kind: 'claim.status_changed', recordType: 'claim', recordId: '31', orderId: null, label: null, company: 'Nordic Springs AB',
  actor: { kind: 'user', name: 'Gary Plant' }, count: 1, data: { to: 'Closed' }, occurredAt: '2026-12-02T09:00:00Z', readAt: null,
} as Notification;

describe('a notification in a few words', () => {
  // ICU reads a lone apostrophe before a placeholder as the start of an escape: the status would read '{movedTo}'.
  it("names the status a claim moved to between quotes, in English and in a translation", async () => {
    expect(describeNotification(statusChanged)).toEqual({ what: "Claim is now 'Closed'", record: 'Claim 31' });
    await speakLocale('sv');
    expect(describeNotification(statusChanged).what).toBe("Reklamationen är nu 'Closed'");
  });
});
