import { describe, expect, it } from 'vitest';
import { downloadName, MAX_DOWNLOAD, period } from './productionOrders';

describe("admin 'New orders' helpers", () => {
  it("the period runs from the first to the last item due date, 'DD.MM.YYYY ~ DD.MM.YYYY'", () => {
    expect(period({ producedStart: '2026-03-09', producedEnd: '2026-03-20' })).toBe('09.03.2026 ~ 20.03.2026');
    expect(period({ producedStart: '2026-03-09', producedEnd: '2026-03-09' })).toBe('09.03.2026');
    expect(period({ producedStart: null, producedEnd: null })).toBe('');
  });

  it('the PDF is named PO-{YYMMDD}.pdf after the day of the download (part 7.1)', () => {
    expect(downloadName(new Date(2026, 10, 2))).toBe('PO-261102.pdf');
  });

  it('one PDF holds at most the contract’s 200 orders', () => {
    expect(MAX_DOWNLOAD).toBe(200);
  });
});
