import { describe, expect, it } from 'vitest';
import { claimFormValues, claimInput, validateClaim } from './claimForm';
import { claimFixture } from './renderClaims.test-utils';

const filled = { ...claimFormValues(claimFixture()), immediateAction: ' Quarantined. ', rootCouse: '  ' };

describe('claim form (part 5: Claim)', () => {
  it("a complete claim is valid; blanks say 'Field is required.', a missing date 'Pick a day.'", () => {
    expect(validateClaim(filled)).toEqual({});
    expect(validateClaim(claimFormValues(null))).toEqual({
      clientProductId: 'Field is required.',
      clientProductionOrderId: 'Field is required.',
      amount: 'Field is required.',
      deliveryDate: 'Pick a day.',
      description: 'Field is required.',
    });
  });

  it('a description of spaces and a rejected quantity of 0 are no values', () => {
    expect(validateClaim({ ...filled, description: '   ', amount: 0 })).toEqual({ description: 'Field is required.', amount: 'Field is required.' });
  });

  it('only the GP sends the GP fields (trimmed, blank as null); a new claim sends no id, version or status', () => {
    const existing = claimFixture();
    expect(claimInput(filled, { existing, writesGpFields: true })).toMatchObject({
      id: 17,
      version: 2,
      status: 'new',
      immediateAction: 'Quarantined.',
      rootCouse: null,
      correctiveActions: null,
    });
    const client = claimInput(filled, { existing: null, writesGpFields: false });
    expect(Object.keys(client).sort()).toEqual(['amount', 'clientProductId', 'clientProductionOrderId', 'deliveryDate', 'description']);
  });
});
