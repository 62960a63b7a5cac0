import type { ClientListRow, ClientProduct, ClientTypeAttribute } from '@generated/model';

/** Client type attribute as the admin screens name it: '1' Buyer, '0' Converter. */
export const clientTypeLabel = (type: ClientTypeAttribute) => (type === '1' ? 'Buyer' : 'Converter');

/** Buyer-type clients: every editing action of the portfolio is off except Prices (part 6; the API answers 403). */
export const isBuyer = (client: { clientType: ClientTypeAttribute } | undefined) => client?.clientType === '1';

/** A client's portfolio opens only when it has machines or at least one product (part 2.1). */
export const hasPortfolio = (client: Pick<ClientListRow, 'fbs' | 'productsCount'>) => client.fbs.length > 0 || client.productsCount > 0;

/** The machine names of a product (comma-joined on the wire). */
export const machinesOf = (product: Pick<ClientProduct, 'machineNames'>) =>
  product.machineNames.split(',').map((name) => name.trim()).filter(Boolean);

/** 'neck - name g - material - color', how the portfolio names a preform (part 2.1). */
export const preformText = (preform: Pick<ClientProduct['Preform'], 'neck' | 'preformName' | 'weight' | 'material' | 'color'>) =>
  `${preform.neck} - ${preform.preformName} ${preform.weight} g - ${preform.material} - ${preform.color}`;

/** The Preform column of the portfolio. */
export const preformLabel = (product: Pick<ClientProduct, 'Preform'>) => preformText(product.Preform);

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A price per 1,000 bottles: always two decimals (`42.5` -> `42.50`), thousands separated. */
export const formatPrice = (value: number) => money.format(value);
