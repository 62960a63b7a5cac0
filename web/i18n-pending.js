/**
 * The web app's code not yet speaking through the catalogue: `lingui/no-unlocalized-strings` (eslint.config.js)
 * checks every other file of web/src. A folder leaves this list when its screens are converted, and nothing is ever
 * added to it (tests/contract/i18n.test.ts keeps every entry an existing path). Globs relative to the repository.
 */
export const PENDING_I18N = [
  'web/src/features/audit/**',
  'web/src/features/claims/**',
  'web/src/features/clients/**',
  'web/src/features/downtime/**',
  'web/src/features/invoices/**',
  'web/src/features/lots/**',
  'web/src/features/machines/**',
  'web/src/features/manufacturers/**',
  'web/src/features/notifications/FailedNotificationMails.tsx',
  'web/src/features/notifications/NotificationSettingsPage.tsx',
  'web/src/features/notifications/notificationStream.ts',
  'web/src/features/orders/AgendaPage.tsx',
  'web/src/features/orders/OrdersPage.tsx',
  'web/src/features/orders/PlannerItemCard.tsx',
  'web/src/features/orders/PlannerPage.tsx',
  'web/src/features/orders/ProducedQuantityDialog.tsx',
  'web/src/features/orders/ProductionOrderDialog.tsx',
  'web/src/features/orders/ProductionOrdersPage.tsx',
  'web/src/features/orders/agenda.ts',
  'web/src/features/orders/plannerCalendar.ts',
  'web/src/features/orders/plannerDnd.ts',
  'web/src/features/orders/productionOrders.ts',
  'web/src/features/orders/usePlanner.ts',
  'web/src/features/orders/renderOrders.test-utils.tsx',
  'web/src/features/plans/**',
  'web/src/features/portfolio/**',
  'web/src/features/preforms/**',
  'web/src/features/stock/**',
  'web/src/features/supply/**',
  'web/src/features/sustainability/**',
];
