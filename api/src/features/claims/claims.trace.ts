import type { Db } from '../../db/database.js';
import type { Scope } from '../../lib/scope.js';
import type { ClaimTraceLike, LotRecallLike } from './claims.containment.js';

/**
 * The lots domain's trace, as D3's list reads it: the claim's backward trace (its items → production records → lots →
 * supplier deliveries) and each lot's recall answer. Owned by `features/lots`; this adapter is the one place claims
 * depends on it.
 */
export interface TraceSource {
  traceOfClaim(db: Db, scope: Scope, claimId: number): Promise<ClaimTraceLike>;
  recallOfLot(db: Db, scope: Scope, lotId: number): Promise<LotRecallLike>;
}

export const traceSource: TraceSource = {
  traceOfClaim: () => Promise.reject(new Error('The lots trace is not merged yet.')),
  recallOfLot: () => Promise.reject(new Error('The lots trace is not merged yet.')),
};
