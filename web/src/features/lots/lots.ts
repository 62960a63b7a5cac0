import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { adminSupplySaveSupplyOrderBody } from '@generated/zod/supply/supply.zod';
import type { LotRef, LotState, StaffRole } from '@generated/model';
import type { SessionUser } from '../../app/session';
import { formatListDate } from '../../components/format';
import './catalogue';

/** The `{role}` of the staff's lot calls: the operator's face calls them as operator, the admin's as admin. */
export const staffRoleOf = (user: Pick<SessionUser, 'face'>): StaffRole => (user.face === 'operator' ? 'operator' : 'admin');

/** The supplier's lot number: the contract's one scalar (1 to 60 characters, not only spaces), as the supply save carries it. */
export const lotNumberSchema = z.object({ supplierLotNumber: adminSupplySaveSupplyOrderBody.shape.Order.shape.supplierLotNumber });

/** A typed lot number trimmed; nothing typed is no lot number. */
export const lotNumberOf = (text: string) => text.trim() || undefined;

/** How a lot is named on screen: its supplier lot number, or its id while it has none. */
export const lotName = (lot: Pick<LotRef, 'id' | 'supplierLotNumber'>) => {
  const id = lot.id;
  return lot.supplierLotNumber ?? t`Lot ${id} (no lot number)`;
};

/** A lot's heading and link name: 'Lot RB-2603-114', or its name while it has no lot number. */
export const lotTitle = (lot: Pick<LotRef, 'id' | 'supplierLotNumber'>) => {
  const lotNumber = lot.supplierLotNumber;
  return lotNumber ? t`Lot ${lotNumber}` : lotName(lot);
};

/** A lot in one line: 'RB-2603-114 · Retal Baltic Films · delivered 16.03.2026'. */
export const lotLine = (lot: Pick<LotRef, 'id' | 'supplierLotNumber' | 'manufacturerName' | 'deliveryDate'>) => {
  const [name, supplier, delivered] = [lotName(lot), lot.manufacturerName, formatListDate(lot.deliveryDate)];
  return t`${name} · ${supplier} · delivered ${delivered}`;
};

/** The lots list's state filter, in the language the app speaks. */
export const lotStates = (): { value: LotState | 'all'; label: string }[] => [
  { value: 'open', label: t({ message: 'Open', context: 'the state of a lot' }) },
  { value: 'usedUp', label: t`Used up` },
  { value: 'all', label: t`All` },
];

export const stateLabel = (state: LotState) => (state === 'open' ? t({ message: 'Open', context: 'the state of a lot' }) : t`Used up`);
