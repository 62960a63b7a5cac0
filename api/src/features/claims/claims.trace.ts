import type { Db } from '../../db/database.js';
import type { Scope } from '../../lib/scope.js';
import { lotRecall } from '../lots/recall.js';
import { traceOfClaim } from '../lots/trace.service.js';
import type { ClaimTraceLike, LotRecallLike } from './claims.containment.js';

/**
 * The lots domain's trace, as D3's list reads it: the claim's backward trace (its items → production records → lots →
 * supplier deliveries) and each lot's recall answer. Owned by `features/lots`; this adapter is the one place claims
 * depends on it (reads only: claims writes none of the lots tables).
 */
export interface TraceSource {
  traceOfClaim(db: Db, scope: Scope, claimId: number): Promise<ClaimTraceLike>;
  recallOfLot(db: Db, lotId: number): Promise<LotRecallLike>;
}

export const traceSource: TraceSource = {
  traceOfClaim: (db, scope, claimId) => traceOfClaim(db, scope, claimId),
  recallOfLot: (db, lotId) => lotRecall(db, lotId),
};
