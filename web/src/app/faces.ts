import { mayOpen, type Face, type FaceRoute, type MenuEntry } from './face';
import type { SessionUser } from './session';

export type { Face, FaceRoute, MenuEntry } from './face';
export { mayCall, mayOpen } from './face';

/** Every signed-in face's own notification settings (linked from the bell and from every e-mail). */
const notificationSettings: FaceRoute = { path: '/notifications/settings', title: 'Notification settings', calls: ['Notifications_getPreferences'], load: () => import('../features/notifications/NotificationSettingsPage') };

const adminFace: Face = {
  name: 'admin',
  welcome: true,
  redirects: {},
  menu: [
    { label: 'Raw Materials Status', to: '/' },
    { label: 'Supply plan', to: '/supply/plan' },
    { label: 'Production orders', to: '/orders' },
    { label: 'Claims', to: '/claims' },
    { label: 'Preform stock', to: '/warehouses' },
    // Preform lots from delivery to invoice, each with its recall answer, and the stock by lot.
    {
      label: 'Traceability',
      children: [
        { label: 'Lots', to: '/lots' },
        { label: 'Stock by lot', to: '/lots/stock' },
        { label: 'Recycled content', to: '/sustainability' },
      ],
    },
    { label: 'Client inventory', to: '/clients' },
    { label: 'Preform inventory', to: '/preforms' },
    { label: 'Manufacturers', to: '/manufacturers' },
    { label: 'Invoices', to: '/documents' },
    {
      label: 'Downtimes history',
      children: [
        { label: 'History', to: '/downtimes/history' },
        { label: 'Causes', to: '/downtimes/causes' },
        { label: 'Day chart', to: '/downtimes/gantt' },
      ],
    },
    // Live machine state, OEE and downtime analytics, and the machines' credentials.
    {
      label: 'Machines',
      children: [
        { label: 'Live status', to: '/machines/live' },
        { label: 'Performance', to: '/machines/performance' },
        { label: 'Credentials', to: '/machines/credentials' },
      ],
    },
    { label: 'Delivery performance', to: '/delivery' },
    { label: 'Audit log', to: '/audit' },
    // What other systems use: those that sign in (client credentials) and those the portal calls (webhooks).
    { label: 'API clients', to: '/api-clients' },
    { label: 'Webhooks', to: '/webhooks' },
  ],
  routes: [
    { path: '/', title: 'Raw Materials Status', calls: ['AdminSupply_getSupplyOrders'], load: () => import('../features/supply/SupplyBoardPage') },
    { path: '/supply/plan', title: 'Supply plan', calls: ['AdminSupply_getSupplyPlan'], load: () => import('../features/supply/SupplyPlanPage') },
    { path: '/orders', title: 'Production orders', calls: ['AdminOrders_getProductionOrders'], load: () => import('../features/orders/ProductionOrdersPage') },
    { path: '/claims', title: 'Claims', calls: ['AdminClaims_getClaims'], load: () => import('../features/claims/ClaimsPage') },
    { path: '/claims/new', title: 'New claim', calls: ['AdminClaims_saveClaim'], load: () => import('../features/claims/ClaimEditPage') },
    { path: '/claims/$id', title: 'Claim', calls: ['AdminClaims_getClaim'], load: () => import('../features/claims/ClaimEditPage') },
    { path: '/warehouses', title: 'Preform stock', calls: ['AdminPreforms_getWarehouses'], load: () => import('../features/stock/WarehousesPage') },
    { path: '/lots', title: 'Preform lots', calls: ['StaffLots_getLots'], load: () => import('../features/lots/LotsPage') },
    { path: '/lots/stock', title: 'Stock by lot', calls: ['StaffLots_getLotStock'], load: () => import('../features/lots/LotStockPage') },
    { path: '/lots/$id', title: 'Lot', calls: ['StaffLots_getLot', 'StaffLots_getLotRecall'], load: () => import('../features/lots/LotPage') },
    { path: '/sustainability', title: 'Recycled content', calls: ['AdminSustainability_getMassBalance'], load: () => import('../features/sustainability/AdminSustainabilityPage') },
    { path: '/warehouses/stock/$id', title: 'Warehouse stock', calls: ['AdminPreformStock_getPreformStock'], load: () => import('../features/stock/WarehouseStockPage') },
    { path: '/clients', title: 'Client inventory', calls: ['AdminClients_getClients'], load: () => import('../features/clients/ClientsPage') },
    { path: '/clients/$id', title: 'Client portfolio', calls: ['AdminClients_getClientProducts'], load: () => import('../features/clients/ClientProductsPage') },
    { path: '/clients/$clientid/productstock/$id', title: 'Product stock', calls: ['AdminClients_getProductStock'], load: () => import('../features/clients/ProductStockPage') },
    { path: '/preforms', title: 'Preform inventory', calls: ['AdminPreforms_getPreforms'], load: () => import('../features/preforms/PreformsPage') },
    { path: '/manufacturers', title: 'Manufacturers', calls: ['Manufacturers_getManufacturers'], load: () => import('../features/manufacturers/ManufacturersPage') },
    { path: '/delivery', title: 'Delivery performance', calls: ['AdminStats_getDeliveryRanking'], load: () => import('../features/stats/AdminDeliveryPage') },
    { path: '/documents', title: 'Invoices', calls: ['Documents_getInvoices'], load: () => import('../features/invoices/InvoicesPage') },
    { path: '/downtimes/history', title: 'Downtimes history', calls: ['AdminDowntime_getHistory'], load: () => import('../features/downtime/AdminDowntimeHistoryPage') },
    { path: '/downtimes/causes', title: 'Downtime causes', calls: ['AdminDowntime_getCauses'], load: () => import('../features/downtime/DowntimeCausesPage') },
    { path: '/downtimes/gantt', title: 'Downtimes', calls: ['AdminDowntime_getDowntime'], load: () => import('../features/downtime/DowntimeGanttPage') },
    { path: '/machines/live', title: 'Machines', calls: ['AdminMachines_getLiveStatus'], load: () => import('../features/machines/MachinesStatusPage') },
    { path: '/machines/performance', title: 'Machine performance', calls: ['AdminMachines_getOee', 'AdminMachines_getDowntimeAnalytics'], load: () => import('../features/machines/MachinePerformancePage') },
    { path: '/machines/credentials', title: 'Machine credentials', calls: ['AdminMachines_getCredentials'], load: () => import('../features/machines/MachineCredentialsPage') },
    { path: '/webhooks', title: 'Webhooks', calls: ['Webhooks_getEndpoints'], load: () => import('../features/webhooks/WebhooksPage') },
    { path: '/audit', title: 'Audit log', calls: ['AdminAudit_exportAuditLog'], load: () => import('../features/audit/AuditLogPage') },
    { path: '/api-clients', title: 'API clients', calls: ['ApiClients_getApiClients'], load: () => import('../features/apiclients/ApiClientsPage') },
    notificationSettings,
  ],
};

const operatorFace: Face = {
  name: 'operator',
  welcome: false,
  redirects: {},
  menu: [
    { label: 'Agenda', to: '/' },
    { label: 'Preform stock', to: '/stock' },
    {
      label: 'Traceability',
      children: [
        { label: 'Lots', to: '/lots' },
        { label: 'Stock by lot', to: '/lots/stock' },
      ],
    },
    { label: 'History', to: '/downtime/history' },
    // The machines' state now, their OEE and the downtime analytics.
    {
      label: 'Machines',
      children: [
        { label: 'Live status', to: '/machines/live' },
        { label: 'Performance', to: '/machines/performance' },
      ],
    },
  ],
  routes: [
    { path: '/', title: 'Agenda', calls: ['OperatorAgenda_getAgenda'], load: () => import('../features/orders/AgendaPage') },
    { path: '/stock', title: 'Preform stock', calls: ['OperatorStock_getOperatorPreformStock'], load: () => import('../features/stock/OperatorStockPage') },
    { path: '/lots', title: 'Preform lots', calls: ['StaffLots_getLots'], load: () => import('../features/lots/LotsPage') },
    { path: '/lots/stock', title: 'Stock by lot', calls: ['StaffLots_getLotStock'], load: () => import('../features/lots/LotStockPage') },
    { path: '/lots/$id', title: 'Lot', calls: ['StaffLots_getLot', 'StaffLots_getLotRecall'], load: () => import('../features/lots/LotPage') },
    { path: '/downtime/history', title: 'Downtime history', calls: ['OperatorDowntime_getHistory'], load: () => import('../features/downtime/OperatorDowntimeHistoryPage') },
    { path: '/machines/live', title: 'Machines', calls: ['OperatorMachines_getLiveStatus'], load: () => import('../features/machines/MachinesStatusPage') },
    { path: '/machines/performance', title: 'Machine performance', calls: ['OperatorMachines_getOee', 'OperatorMachines_getDowntimeAnalytics'], load: () => import('../features/machines/MachinePerformancePage') },
    notificationSettings,
  ],
};

const accountantFace: Face = {
  name: 'accountant',
  welcome: false,
  redirects: { '/': '/documents' },
  menu: [{ label: 'Invoices', to: '/documents' }],
  routes: [{ path: '/documents', title: 'Invoices', calls: ['Documents_getInvoices'], load: () => import('../features/invoices/InvoicesPage') }, notificationSettings],
};

const clientFace: Face = {
  name: 'client',
  welcome: false,
  redirects: { '/': '/profile' },
  menu: [
    { label: 'Portfolio', to: '/profile' },
    { label: 'Forecasts', to: '/planning' },
    { label: 'Orders', to: '/orders' },
    { label: 'Planner', to: '/agenda' },
    // Sellers read the claims their buyers file about their products (decisions.md).
    { label: 'Claims', to: '/claims' },
    { label: 'Invoices', to: '/documents' },
    {
      label: 'Statistics',
      children: [
        { label: 'Performance', to: '/stats/dashboard' },
        { label: 'Production quantities', to: '/stats/production-quantity' },
        { label: 'Delivery', to: '/stats/delivery' },
        { label: 'Recycled content', to: '/stats/recycled-content' },
      ],
    },
    { label: 'Webhooks', to: '/webhooks' },
  ],
  // Each client type (client, buyer, seller) gets the routes whose calls its role may make; another type's path
  // shows the 404 page, and the API refuses its calls (403) anyway.
  routes: [
    { path: '/profile', title: 'Portfolio', calls: ['ClientPortfolio_getPortfolio'], load: () => import('../features/portfolio/PortfolioPage') },
    { path: '/planning', title: 'Forecasts', calls: ['ClientPlans_getPlans'], load: () => import('../features/plans/ForecastsPage') },
    { path: '/planning/$id', title: 'Forecast', calls: ['ClientPlans_getPlan'], load: () => import('../features/plans/ForecastEditPage') },
    { path: '/orders', title: 'Weekly order list', calls: ['ClientOrders_getOrders'], load: () => import('../features/orders/OrdersPage') },
    { path: '/orders/new', title: 'New order', calls: ['ClientOrders_saveOrder'], load: () => import('../features/orders/OrderEditPage') },
    { path: '/orders/$id', title: 'Order', calls: ['ClientOrders_getOrder'], load: () => import('../features/orders/OrderEditPage') },
    { path: '/documents', title: 'Invoices', calls: ['Documents_getInvoices'], load: () => import('../features/invoices/InvoicesPage') },
    { path: '/stats/dashboard', title: 'Performance', calls: ['ClientStats_getFillRate', 'ClientStats_getProducedQuantities'], load: () => import('../features/stats/PerformancePage') },
    { path: '/stats/production-quantity', title: 'Production quantities', calls: ['ClientStats_getQuantities'], load: () => import('../features/stats/ProductionQuantitiesPage') },
    { path: '/stats/delivery', title: 'Delivery', calls: ['ClientStats_getDeliveryPerformance'], load: () => import('../features/stats/DeliveryPage') },
    { path: '/stats/recycled-content', title: 'Recycled content', calls: ['ClientSustainability_getYearFootprint'], load: () => import('../features/sustainability/SustainabilityPage') },
    { path: '/claims', title: 'Non-Conformance Reports', calls: ['ClientClaims_getClaims'], load: () => import('../features/claims/ClaimsPage') },
    { path: '/claims/new', title: 'New claim', calls: ['ClientClaims_saveClaim'], load: () => import('../features/claims/ClaimEditPage') },
    { path: '/claims/$id', title: 'Claim', calls: ['ClientClaims_getClaim'], load: () => import('../features/claims/ClaimEditPage') },
    { path: '/agenda', title: 'Planner', calls: ['ClientPlanner_getPlanner'], load: () => import('../features/orders/PlannerPage') },
    { path: '/webhooks', title: 'Webhooks', calls: ['Webhooks_getEndpoints'], load: () => import('../features/webhooks/WebhooksPage') },
    notificationSettings,
  ],
};

const guestFace: Face = {
  name: 'guest',
  welcome: false,
  redirects: {},
  menu: [],
  routes: [{ path: '/', title: 'Orders Portal', calls: [], load: () => import('../components/GuestPage') }],
};

const FACES: Record<Face['name'], Face> = { admin: adminFace, client: clientFace, operator: operatorFace, accountant: accountantFace, guest: guestFace };

/** The menu without the entries whose page is not registered, and without groups left empty. */
function menuOf(entries: MenuEntry[], paths: Set<string>): MenuEntry[] {
  return entries.flatMap((entry) => {
    if (!entry.children) return entry.to && paths.has(entry.to) ? [entry] : [];
    const children = menuOf(entry.children, paths);
    return children.length > 0 ? [{ ...entry, children }] : [];
  });
}

/**
 * The face of a user: the one `GET /api/me` answers (chosen there in the order of part 6), with the routes and menu
 * entries whose operations the user's roles may call (their `x-roles` in the contract).
 */
export function faceFor(user: SessionUser): Face {
  const face = FACES[user.face];
  const routes = face.routes.filter((route) => mayOpen(route, user.roles));
  return { ...face, routes, menu: menuOf(face.menu, new Set(routes.map((route) => route.path))) };
}
