import { t } from '@lingui/core/macro';
import type { ClientListRow, ClientProduct, ClientTypeAttribute } from '@generated/model';
import { formatDecimals, formatNumber } from '../../components/format';
import './catalogue';

/** Client type attribute as the admin screens name it: '1' Buyer, '0' Converter. */
export const clientTypeLabel = (type: ClientTypeAttribute) => (type === '1' ? t`Buyer` : t`Converter`);

/** Buyer-type clients: every editing action of the portfolio is off except Prices (part 6; the API answers 403). */
export const isBuyer = (client: { clientType: ClientTypeAttribute } | undefined) => client?.clientType === '1';

/** A client's portfolio opens only when it has machines or at least one product (part 2.1). */
export const hasPortfolio = (client: Pick<ClientListRow, 'fbs' | 'productsCount'>) => client.fbs.length > 0 || client.productsCount > 0;

/** The machine names of a product (comma-joined on the wire). */
export const machinesOf = (product: Pick<ClientProduct, 'machineNames'>) =>
  product.machineNames
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

/** 'neck - name g - material - color', how the portfolio names a preform (part 2.1). */
export const preformText = (preform: Pick<ClientProduct['Preform'], 'neck' | 'preformName' | 'weight' | 'material' | 'color'>) => {
  const { neck, preformName, material, color } = preform;
  const weight = formatNumber(preform.weight);
  return t`${neck} - ${preformName} ${weight} g - ${material} - ${color}`;
};

/** The Preform column of the portfolio. */
export const preformLabel = (product: Pick<ClientProduct, 'Preform'>) => preformText(product.Preform);

/** A price per 1,000 bottles: always two decimals (`42.5` -> `42.50`, Swedish `42,50`), thousands separated. */
export const formatPrice = (value: number) => formatDecimals(value, 2);
