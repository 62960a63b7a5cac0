import { describe, expect, it } from 'vitest';
import { english, translator } from '../../lib/i18n.js';
import { reasonText, storedReason } from './webhooks.reason.js';

/** Why the portal disabled an endpoint is stored as a code and its values, and read in the reader's language. */
describe('the disable reason of a webhook endpoint', () => {
  const byStatus = storedReason({ code: 'failedDeliveries', attempts: 3, eventId: 'evt-1', eventType: 'order.created', status: 502 });
  const byError = storedReason({ code: 'failedDeliveries', attempts: 3, eventId: 'evt-1', eventType: 'order.created', status: null, error: 'connect ECONNREFUSED' });

  it('reads in English as the sentence it always was', () => {
    expect(reasonText(byStatus, english)).toBe('Disabled after 3 failed attempts to deliver event evt-1 (order.created); the last: HTTP 502');
    expect(reasonText(byError, english)).toBe('Disabled after 3 failed attempts to deliver event evt-1 (order.created); the last: connect ECONNREFUSED');
  });

  it("reads in the reader's language", async () => {
    expect(reasonText(byStatus, await translator('fi'))).toBe(
      'Poistettu käytöstä 3 epäonnistuneen yrityksen jälkeen toimittaa tapahtuma evt-1 (order.created); viimeisin: HTTP 502',
    );
    expect(reasonText(byError, await translator('lv'))).toBe(
      'Atspējots pēc 3 neizdevušiem mēģinājumiem piegādāt notikumu evt-1 (order.created); pēdējais: connect ECONNREFUSED',
    );
  });

  it('a sentence stored before the reason was a code reads as it is; none is null', () => {
    expect(reasonText('Disabled after 3 failed attempts to deliver event e (order.created); the last: HTTP 500', english)).toBe(
      'Disabled after 3 failed attempts to deliver event e (order.created); the last: HTTP 500',
    );
    expect(reasonText(null, english)).toBeNull();
  });
});
