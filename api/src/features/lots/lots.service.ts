import type { Db } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import type { BodyOf, Schemas } from '../../lib/contract.js';
import { HttpProblem } from '../../lib/problem.js';

type Download = { filename: string; contentType: string; body: Buffer };

const notYet = (): never => {
  throw new HttpProblem(501, 'Not Implemented', 'Lots are being built (issue 17).');
};

export async function getLots(_db: Db, _body: BodyOf<'StaffLots_getLots'>): Promise<{ rows: Schemas['Lot'][]; count: number }> {
  return notYet();
}
export async function getLot(_db: Db, _id: number): Promise<Schemas['Lot']> {
  return notYet();
}
export async function getLotStock(_db: Db, _body: BodyOf<'StaffLots_getLotStock'>): Promise<{ rows: Schemas['LotStockRow'][] }> {
  return notYet();
}
export async function getProductionLots(_db: Db, _id: number): Promise<Schemas['ProductionRecordLots']> {
  return notYet();
}
export async function getItemTrace(_db: Db, _id: number): Promise<Schemas['ItemTrace']> {
  return notYet();
}
export async function getClaimTrace(_db: Db, _id: number): Promise<Schemas['ClaimTrace']> {
  return notYet();
}
export async function getLotRecall(_db: Db, _id: number): Promise<Schemas['LotRecall']> {
  return notYet();
}
export async function exportLotRecallCsv(_db: Db, _id: number): Promise<Download> {
  return notYet();
}
export async function exportLotRecallPdf(_db: Db, _id: number): Promise<Download> {
  return notYet();
}
export async function exportLotEpcis(_db: Db, _id: number): Promise<Download> {
  return notYet();
}
export async function saveLot(_db: Db, _actor: Actor, _body: BodyOf<'AdminLots_saveLot'>): Promise<Schemas['Lot']> {
  return notYet();
}
export async function saveProductionLots(_db: Db, _actor: Actor, _body: BodyOf<'AdminLots_saveProductionLots'>): Promise<Schemas['ProductionRecordLots']> {
  return notYet();
}
export async function getClientItemLots(_db: Db, _actor: Actor, _id: number): Promise<Schemas['ClientItemLots']> {
  return notYet();
}
export async function getClientClaimLots(_db: Db, _actor: Actor, _id: number): Promise<{ items: Schemas['ClientItemLots'][] }> {
  return notYet();
}
