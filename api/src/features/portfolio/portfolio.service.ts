import type { components } from '../../../../generated/api-types.js';
import type { Db } from '../../db/database.js';
import type { CompanyScope } from '../../lib/scope.js';
import { getClientMachineBanner } from '../machines/machines.service.js';
import * as repository from './portfolio.repository.js';

type MachineStatus = components['schemas']['MachineStatus'];

/**
 * The portfolio page: the caller's products with their preform, and the material stock per warehouse. The material
 * stock is hidden for buyer-type companies (clientType attribute '1'), so it is not even sent to them.
 */
export async function getPortfolio(db: Db, scope: CompanyScope) {
  const [clientProducts, company] = await Promise.all([repository.findPortfolioProducts(db, scope), repository.findCompany(db, scope)]);
  const warehouseStock = company?.client_type === '1' ? [] : await repository.findWarehouseStock(db, scope);
  return { clientProducts, warehouseStock };
}

/**
 * Every machine of the caller: the company's machines (FBs) and any other machine of the company with an open stop.
 * A stopped machine carries its cause (null when none was recorded yet) and the start of the stop; a running one nulls.
 */
export async function getMachineStatus(db: Db, scope: CompanyScope): Promise<MachineStatus[]> {
  // The banner's machines are the company's machines (FBs): its answer names them, so the company is not read again.
  const [stopped, live] = await Promise.all([repository.findStoppedMachines(db, scope), getClientMachineBanner(db, scope)]);
  const stops = new Map(stopped.map((stop) => [stop.machine_name, stop]));
  const names = [...new Set([...live.keys(), ...stops.keys()])].sort((a, b) => a.localeCompare(b, 'en'));
  return names.map((machineName) => {
    const stop = stops.get(machineName);
    // The live state and the open order items a stopped machine was making (machines feature).
    const now = live.get(machineName);
    return {
      machineName,
      DowntimeCause: stop?.cause_name ? { causeName: stop.cause_name } : null,
      stoppedSince: stop ? new Date(stop.target_start).toISOString() : null,
      state: now?.state ?? (stop ? 'stopped' : 'unknown'),
      affectedItems: now?.affectedItems ?? [],
    };
  });
}
