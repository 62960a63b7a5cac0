import type { Schemas } from '../../lib/contract.js';

type Entry = Schemas['ContainmentEntry'];

/** How many entries D3's list keeps (the contract's bound); the lots, clients and stock come first. */
export const CONTAINMENT_ENTRIES_MAX = 10000;

/** What D3's list needs of the claim's trace (the lots contract's `ClaimTrace`). */
export interface ClaimTraceLike {
  items: { orderItemId: number }[];
  lots: {
    id: number;
    supplierLotNumber: string | null;
    deliveryDate: string;
    supplyOrderId: number;
    manufacturerName: string;
    preformName: string;
    warehouseName: string;
    preforms: number;
  }[];
}

interface RecallItemLike {
  orderItemId: number;
  orderNo: string;
  articleNo: string;
  productName: string;
  dueDate: string;
  bottlesFromLot: number;
  invoiceNumbers: string[];
}
interface RecallClientLike {
  clientId: string;
  company: string | null;
  contact: { name: string | null; email: string } | null;
  items: RecallItemLike[];
}
/** What D3's list needs of a lot's recall answer (the lots contract's `LotRecall`). */
export interface LotRecallLike {
  delivered: RecallClientLike[];
  open: RecallClientLike[];
  quarantine: { preforms: number; bottles: number };
}

const lotName = (lot: ClaimTraceLike['lots'][number]) => `Lot ${lot.id}${lot.supplierLotNumber ? ` · ${lot.supplierLotNumber}` : ''}`;
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * D3's list from the trace of the claimed item(s): each lot they were made from (supplier, delivery, warehouse), then
 * every other client that got or ordered bottles from those lots (with its contact), the stock to quarantine (each
 * lot's preform remainder, the bottles made from it not delivered yet), and every other order item made from them —
 * an open one to stop, a delivered or invoiced one to check with its client. An item reached through two lots is one
 * entry (bottles added up). The claim's own items are the subject, not an entry; the claim's own company is not listed
 * as another client.
 */
export function containmentEntries(trace: ClaimTraceLike, recalls: LotRecallLike[], claimCompanyId: string): Entry[] {
  const own = new Set(trace.items.map((item) => item.orderItemId));
  const lots: Entry[] = trace.lots.map((lot) => ({
    kind: 'lot',
    label: clip(lotName(lot), 240),
    detail: clip(`${lot.preformName} from ${lot.manufacturerName}, delivered ${lot.deliveryDate} (supply order ${lot.supplyOrderId}) to ${lot.warehouseName}`, 500),
    quantity: lot.preforms,
  }));

  const clients = new Map<string, Entry>();
  const items = new Map<number, Entry & { quantity: number }>();
  const stock: Entry[] = [];
  trace.lots.forEach((lot, index) => {
    const recall = recalls[index];
    if (!recall) return;
    for (const [state, group] of [
      ['delivered', recall.delivered],
      ['open', recall.open],
    ] as const) {
      for (const client of group) {
        const company = client.company ?? client.clientId;
        if (client.clientId !== claimCompanyId && !clients.has(client.clientId)) {
          const contact = client.contact ? `${client.contact.name ? `${client.contact.name} ` : ''}<${client.contact.email}>` : 'no contact on file';
          clients.set(client.clientId, { kind: 'client', label: clip(company, 240), detail: clip(contact, 500), quantity: null });
        }
        for (const item of client.items) {
          if (own.has(item.orderItemId)) continue;
          const known = items.get(item.orderItemId);
          if (known) {
            known.quantity += item.bottlesFromLot;
            known.detail = clip(`${known.detail ?? ''}, ${lotName(lot)}`, 500);
            continue;
          }
          const what =
            state === 'open'
              ? `open, due ${item.dueDate}: stop it`
              : `delivered${item.invoiceNumbers.length ? ` (invoice ${item.invoiceNumbers.join(', ')})` : ''}: check with the client`;
          items.set(item.orderItemId, {
            kind: 'order item',
            label: clip(`${item.orderNo} · ${item.articleNo} (${company})`, 240),
            detail: clip(`${what}; from ${lotName(lot)}`, 500),
            quantity: item.bottlesFromLot,
          });
        }
      }
    }
    if (recall.quarantine.preforms > 0) {
      stock.push({ kind: 'preform stock', label: clip(`${lotName(lot)} · ${lot.warehouseName}`, 240), detail: 'Remainder of the lot: quarantine it.', quantity: recall.quarantine.preforms });
    }
    if (recall.quarantine.bottles > 0) {
      stock.push({ kind: 'bottle stock', label: clip(`Bottles from ${lotName(lot)}`, 240), detail: 'Produced and not delivered yet: quarantine them.', quantity: recall.quarantine.bottles });
    }
  });
  return [...lots, ...clients.values(), ...stock, ...items.values()].slice(0, CONTAINMENT_ENTRIES_MAX);
}
