import { createHash } from 'node:crypto';
import type { Db } from '../database.js';
import type { ClaimStatus } from '../tables/claims.js';
import { BALTIC_BEVERAGES, demoUser, FJORD_WATER, NORDIC_SPRINGS } from './users.seed.js';
import { nowMs } from '../../lib/clock.js';

/** A 1x1 PNG standing in for a photo of a production label. */
const LABEL_PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const day = (days: number) => new Date(nowMs() + days * 86_400_000).toISOString().slice(0, 10);

interface DemoClaim {
  status: ClaimStatus;
  amount: number;
  deliveredDaysAgo: number;
  description: string;
  immediateAction?: string;
  rootCause?: string;
  correctiveActions?: string;
  photo?: string;
}

/** Per company: a claim in each status (part 4), the later ones with the GP's fields filled. */
const CLAIMS: DemoClaim[] = [
  { status: 'new', amount: 1200, deliveredDaysAgo: 3, description: 'Bottles leaking at the neck after capping; about 5 % of two pallets.' },
  {
    status: 'under investigation',
    amount: 2400,
    deliveredDaysAgo: 12,
    description: 'Cracked necks on two pallets of the last delivery. Labels: see photo.',
    immediateAction: 'Pallets quarantined; replacement bottles shipped with the next truck.',
    photo: 'label-batch.png',
  },
  {
    status: 'closed',
    amount: 800,
    deliveredDaysAgo: 40,
    description: 'Visible black specks in the bottle walls (Größe ~1 mm).',
    immediateAction: 'Affected boxes sorted out at the customer’s site.',
    rootCause: 'Contaminated regrind in the preform batch from the supplier.',
    correctiveActions: 'Supplier audit done; incoming preform inspection added for this supplier. Credit note of 120 € issued.',
  },
];

/**
 * Demo claims for Nordic Springs, Fjord Water and Baltic Beverages on their products and orders from the supply
 * seed (a claim needs an order with the product). Returns false when there already are claims.
 */
export async function seedClaims(db: Db): Promise<boolean> {
  const existing = await db.selectFrom('claims').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const companies = [NORDIC_SPRINGS, FJORD_WATER, BALTIC_BEVERAGES];
  const pairs = await db
    .selectFrom('client_production_order_items as i')
    .innerJoin('client_products as p', 'p.id', 'i.client_product_id')
    .innerJoin('client_production_orders as o', 'o.id', 'i.order_id')
    .select(['p.company_id', 'p.id as productId', 'o.id as orderId'])
    .where('p.company_id', 'in', companies)
    .where('p.deleted_at', 'is', null)
    .distinct()
    .orderBy('p.company_id')
    .orderBy('p.id')
    .orderBy('o.id')
    .execute();
  if (!pairs.length) return false;
  await db.transaction().execute(async (trx) => {
    for (const company of companies) {
      const own = pairs.filter((pair) => pair.company_id === company);
      if (!own.length) continue;
      const user = company === BALTIC_BEVERAGES ? demoUser('buyer') : company === FJORD_WATER ? demoUser('client2') : demoUser('client');
      for (const [index, claim] of CLAIMS.entries()) {
        const pair = own[index % own.length];
        const { id } = await trx
          .insertInto('claims')
          .values({
            company_id: company,
            status: claim.status,
            client_product_id: pair.productId,
            client_production_order_id: pair.orderId,
            amount: claim.amount,
            delivery_date: day(-claim.deliveredDaysAgo),
            description: claim.description,
            immediate_action: claim.immediateAction ?? null,
            root_cause: claim.rootCause ?? null,
            corrective_actions: claim.correctiveActions ?? null,
            created_by: user.id,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (claim.photo) {
          await trx
            .insertInto('uploads')
            .values({
              company_id: company,
              original_filename: claim.photo,
              mimetype: 'image/png',
              size: LABEL_PHOTO.length,
              sha256: createHash('sha256').update(LABEL_PHOTO).digest('hex'),
              content: LABEL_PHOTO,
              object_type: 'ClientProductionClaims',
              object_id: id,
              created_by: user.id,
            })
            .execute();
        }
      }
    }
  });
  return true;
}
