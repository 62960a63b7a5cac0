import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';

/**
 * The menu's entries in the catalogue. The faces (faces.ts) name their entries in English, the spec's words, and
 * the menu shows each through this table; app/menuLabels.test.ts fails for an entry of any face missing here, so a
 * new entry cannot reach the menu untranslated.
 */
export const MENU_LABELS: Record<string, MessageDescriptor> = {
  'API clients': msg`API clients`,
  Agenda: msg`Agenda`,
  'Audit log': msg`Audit log`,
  Causes: msg`Causes`,
  Claims: msg`Claims`,
  'Client inventory': msg`Client inventory`,
  Credentials: msg`Credentials`,
  'Day chart': msg`Day chart`,
  'Delivery performance': msg`Delivery performance`,
  Delivery: msg`Delivery`,
  'Downtimes history': msg`Downtimes history`,
  Forecasts: msg`Forecasts`,
  History: msg`History`,
  Invoices: msg`Invoices`,
  'Live status': msg`Live status`,
  Lots: msg`Lots`,
  Machines: msg`Machines`,
  Manufacturers: msg`Manufacturers`,
  Orders: msg`Orders`,
  Performance: msg`Performance`,
  Planner: msg`Planner`,
  'Recycled content': msg`Recycled content`,
  Portfolio: msg`Portfolio`,
  'Preform inventory': msg`Preform inventory`,
  'Preform stock': msg`Preform stock`,
  'Production orders': msg`Production orders`,
  'Production quantities': msg`Production quantities`,
  'Raw Materials Status': msg`Raw Materials Status`,
  Statistics: msg`Statistics`,
  'Stock by lot': msg`Stock by lot`,
  'Supply plan': msg`Supply plan`,
  Traceability: msg`Traceability`,
  Webhooks: msg`Webhooks`,
};

/** A menu entry's label in the chosen language. */
export const menuLabel = (i18n: I18n, label: string): string => {
  const descriptor = MENU_LABELS[label];
  return descriptor ? i18n._(descriptor) : label;
};
