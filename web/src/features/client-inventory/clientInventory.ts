import type { ClientListRow, ClientProduct, ClientTypeAttribute } from '../../../../generated/web/model';

/** Client type attribute as the admin screens name it: '1' Buyer, '0' Converter. */
export const clientTypeLabel = (type: ClientTypeAttribute) => (type === '1' ? 'Buyer' : 'Converter');

/** Buyer-type clients: every editing action of the portfolio is off except Prices (part 6; the API answers 403). */
export const isBuyer = (client: { clientType: ClientTypeAttribute } | undefined) => client?.clientType === '1';

/** A client's portfolio opens only when it has machines or at least one product (part 2.1). */
export const hasPortfolio = (client: Pick<ClientListRow, 'fbs' | 'productsCount'>) => client.fbs.length > 0 || client.productsCount > 0;

/** The machine names of a product (comma-joined on the wire). */
export const machinesOf = (product: Pick<ClientProduct, 'machineNames'>) =>
  product.machineNames.split(',').map((name) => name.trim()).filter(Boolean);

/** 'neck - name g - material - color', the Preform column of the portfolio (part 2.1). */
export const preformLabel = ({ Preform }: Pick<ClientProduct, 'Preform'>) =>
  `${Preform.neck} - ${Preform.preformName} ${Preform.weight} g - ${Preform.material} - ${Preform.color}`;
