import type { Handlers } from '../../lib/contract.js';
import { getManufacturers, saveManufacturer } from './manufacturers.service.js';

export const manufacturersHandlers: Handlers = {
  Manufacturers_getManufacturers: async (request) => getManufacturers(request.server.db, request.body.pagination, request.body.filter),
  Manufacturers_saveManufacturer: async (request) => saveManufacturer(request.server.db, request.actor, request.body.manufacturer),
};
