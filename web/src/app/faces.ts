import type { ComponentType } from 'react';
import type { SessionUser } from './session';

type PageModule = Promise<{ default: ComponentType }>;

export interface FaceRoute {
  /** TanStack Router path, e.g. `/claims/$id`. */
  path: string;
  title: string;
  load: () => PageModule;
}

export interface MenuEntry {
  label: string;
  to?: string;
  children?: MenuEntry[];
}

export interface Face {
  name: 'admin' | 'client' | 'operator' | 'accountant' | 'guest';
  menu: MenuEntry[];
  routes: FaceRoute[];
  /** Paths that redirect (e.g. the client's '' to profile). */
  redirects: Record<string, string>;
  /** The admin face shows "Welcome, {full name}". */
  welcome: boolean;
}

const adminFace: Face = {
  name: 'admin',
  welcome: true,
  redirects: {},
  menu: [
    { label: 'Raw Materials Status', to: '/' },
    { label: 'Production orders', to: '/orders' },
    { label: 'Claims', to: '/claims' },
    { label: 'Preform stock', to: '/warehouses' },
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
    { label: 'Audit log', to: '/audit' },
  ],
  routes: [
    { path: '/', title: 'Raw Materials Status', load: () => import('../features/supply/SupplyBoardPage') },
    { path: '/orders', title: 'Production orders', load: () => import('../features/production-orders/ProductionOrdersPage') },
    { path: '/claims', title: 'Claims', load: () => import('../features/claims/ClaimsPage') },
    { path: '/claims/new', title: 'New claim', load: () => import('../features/claims/ClaimEditPage') },
    { path: '/claims/$id', title: 'Claim', load: () => import('../features/claims/ClaimEditPage') },
    { path: '/warehouses', title: 'Preform stock', load: () => import('../features/stock/WarehousesPage') },
    { path: '/warehouses/stock/$id', title: 'Warehouse stock', load: () => import('../features/stock/WarehouseStockPage') },
    { path: '/clients', title: 'Client inventory', load: () => import('../features/client-inventory/ClientsPage') },
    { path: '/clients/$id', title: 'Client portfolio', load: () => import('../features/client-inventory/ClientProductsPage') },
    { path: '/clients/$clientid/productstock/$id', title: 'Product stock', load: () => import('../features/client-inventory/ProductStockPage') },
    { path: '/preforms', title: 'Preform inventory', load: () => import('../features/preforms/PreformsPage') },
    { path: '/manufacturers', title: 'Manufacturers', load: () => import('../features/manufacturers/ManufacturersPage') },
    { path: '/documents', title: 'Invoices', load: () => import('../features/invoices/InvoicesPage') },
    { path: '/downtimes/history', title: 'Downtimes history', load: () => import('../features/downtime/AdminDowntimeHistoryPage') },
    { path: '/downtimes/causes', title: 'Downtime causes', load: () => import('../features/downtime/DowntimeCausesPage') },
    { path: '/downtimes/gantt', title: 'Downtimes', load: () => import('../features/downtime/DowntimeGanttPage') },
    { path: '/audit', title: 'Audit log', load: () => import('../features/audit/AuditLogPage') },
  ],
};

const operatorFace: Face = {
  name: 'operator',
  welcome: false,
  redirects: {},
  menu: [
    { label: 'Agenda', to: '/' },
    { label: 'Preform stock', to: '/stock' },
    { label: 'History', to: '/downtime/history' },
  ],
  routes: [
    { path: '/', title: 'Agenda', load: () => import('../features/agenda/AgendaPage') },
    { path: '/stock', title: 'Preform stock', load: () => import('../features/stock/OperatorStockPage') },
    { path: '/downtime/history', title: 'Downtime history', load: () => import('../features/downtime/OperatorDowntimeHistoryPage') },
  ],
};

const accountantFace: Face = {
  name: 'accountant',
  welcome: false,
  redirects: { '/': '/documents' },
  menu: [{ label: 'Invoices', to: '/documents' }],
  routes: [{ path: '/documents', title: 'Invoices', load: () => import('../features/invoices/InvoicesPage') }],
};

function clientFace(type: SessionUser['clientType']): Face {
  const is = (...types: string[]) => types.includes(type ?? 'client');
  const menu: MenuEntry[] = [
    { label: 'Portfolio', to: '/profile' },
    ...(is('client', 'buyer') ? [{ label: 'Forecasts', to: '/planning' }] : []),
    { label: 'Orders', to: '/orders' },
    ...(is('seller') ? [{ label: 'Planner', to: '/agenda' }] : []),
    // Sellers read the claims their buyers file about their products (issue 13, item 1; decisions.md).
    { label: 'Claims', to: '/claims' },
    ...(is('client') ? [{ label: 'Invoices', to: '/documents' }] : []),
    ...(is('client')
      ? [
          {
            label: 'Statistics',
            children: [
              { label: 'Performance', to: '/stats/dashboard' },
              { label: 'Production quantities', to: '/stats/production-quantity' },
            ],
          },
        ]
      : []),
  ];
  // Only the routes of the user's client type are registered: another type's path shows the 404 page,
  // and the API refuses its calls (403) anyway.
  const routes: (FaceRoute & { types?: string[] })[] = [
    { path: '/profile', title: 'Portfolio', load: () => import('../features/portfolio/PortfolioPage') },
    { path: '/planning', title: 'Forecasts', load: () => import('../features/forecasts/ForecastsPage'), types: ['client', 'buyer'] },
    { path: '/planning/$id', title: 'Forecast', load: () => import('../features/forecasts/ForecastEditPage'), types: ['client', 'buyer'] },
    { path: '/orders', title: 'Weekly order list', load: () => import('../features/client-orders/OrdersPage') },
    { path: '/orders/new', title: 'New order', load: () => import('../features/client-orders/OrderEditPage') },
    { path: '/orders/$id', title: 'Order', load: () => import('../features/client-orders/OrderEditPage') },
    { path: '/documents', title: 'Invoices', load: () => import('../features/invoices/InvoicesPage'), types: ['client'] },
    { path: '/stats/dashboard', title: 'Performance', load: () => import('../features/stats/PerformancePage'), types: ['client'] },
    { path: '/stats/production-quantity', title: 'Production quantities', load: () => import('../features/stats/ProductionQuantitiesPage'), types: ['client'] },
    { path: '/claims', title: 'Non-Conformance Reports', load: () => import('../features/claims/ClaimsPage') },
    { path: '/claims/new', title: 'New claim', load: () => import('../features/claims/ClaimEditPage'), types: ['client', 'buyer'] },
    { path: '/claims/$id', title: 'Claim', load: () => import('../features/claims/ClaimEditPage') },
    { path: '/agenda', title: 'Planner', load: () => import('../features/planner/PlannerPage'), types: ['seller'] },
  ];
  return {
    name: 'client',
    welcome: false,
    redirects: { '/': '/profile' },
    menu,
    routes: routes.filter((route) => !route.types || is(...route.types)),
  };
}

const guestFace: Face = {
  name: 'guest',
  welcome: false,
  redirects: {},
  menu: [],
  routes: [{ path: '/', title: 'Orders Portal', load: () => import('../components/GuestPage') }],
};

/** The face of a user: the one `GET /api/me` answers (chosen there in the order of part 6). */
export function faceFor(user: SessionUser): Face {
  switch (user.face) {
    case 'admin':
      return adminFace;
    case 'client':
      return clientFace(user.clientType);
    case 'operator':
      return operatorFace;
    case 'accountant':
      return accountantFace;
    case 'guest':
      return guestFace;
  }
}
