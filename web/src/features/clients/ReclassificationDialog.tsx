import { Trans, useLingui } from '@lingui/react/macro';
import { Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useAdminClientsGetClientProducts, useAdminClientsSaveReclassification } from '@generated/endpoints/clients/clients';
import { adminClientsSaveReclassificationBody } from '@generated/zod/clients/clients.zod';
import type { ClientProduct } from '@generated/model';
import { MESSAGES } from '../../api/messages';
import { zodValidate } from '../../api/validation';
import { ApiError } from '../../api/http';
import { DialogActions } from '../../components/DialogActions';
import { SaveFailed } from '../../components/SaveFailed';
import { useInventorySave } from './useInventorySave';
import { formatNumber, numberInputSeparators } from '../../components/format';
import { onInvalidForm } from '../../components/invalidForm';
import './catalogue';

interface FormValues {
  newClientProdcuctId: string | null;
  quantity: number | string;
}

/**
 * 'Product reclassification': moves bottle stock from the selected product to another product of the same client.
 * The new product is required; the quantity is required and at most the product's current stock
 * ('Max Quantity - {max}.', max 0 without stock).
 */
export default function ReclassificationDialog({ product, onClose }: { product: ClientProduct; onClose: () => void }) {
  const { t } = useLingui();
  const max = Math.max(product.currentStock, 0);
  const most = formatNumber(max);
  const { articleNo, productName } = product;
  const stock = formatNumber(product.currentStock);
  const toBody = (values: FormValues) => ({
    oldClientProductId: product.id,
    newClientProdcuctId: values.newClientProdcuctId ? Number(values.newClientProdcuctId) : undefined,
    quantity: values.quantity === '' ? undefined : values.quantity,
  });
  const contractRules = zodValidate<FormValues>(adminClientsSaveReclassificationBody, { transform: toBody });
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { newClientProdcuctId: null, quantity: '' },
    validateInputOnBlur: true,
    validate: (values) => {
      const errors = contractRules(values);
      // The stock limit is the product's, not the contract's: checked here and again by the API.
      if (!errors.quantity && typeof values.quantity === 'number' && values.quantity > max) errors.quantity = MESSAGES.maxQuantity(max);
      return errors;
    },
  });
  // Every product of the client (no pagination), except the one the stock leaves.
  const others = useAdminClientsGetClientProducts({ clientId: product.clientId });
  const options = (others.data?.rows ?? [])
    .filter((other) => other.id !== product.id)
    .map((other) => ({ value: String(other.id), label: `${other.articleNo} - ${other.productName}` }));
  const save = useAdminClientsSaveReclassification(useInventorySave({ message: t`Stock reclassified.`, onClose, setErrors: form.setErrors }));
  const submit = form.onSubmit((values) => save.mutate({ data: adminClientsSaveReclassificationBody.parse(toBody(values)) }), onInvalidForm);

  return (
    <Modal opened onClose={onClose} title={t`Product reclassification`}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            <Trans>
              From {articleNo} - {productName}; bottle stock {stock}
            </Trans>
          </Text>
          <Select
            label={t`New product`}
            required
            searchable
            data-autofocus
            data={options}
            placeholder={others.isLoading ? t`Loading products…` : t`Pick the product that receives the stock`}
            nothingFoundMessage={t`No other product of this client`}
            {...form.getInputProps('newClientProdcuctId')}
          />
          <NumberInput
            label={t`Quantity`}
            required
            allowDecimal={false}
            {...numberInputSeparators()}
            min={0}
            hideControls
            description={t`At most ${most}`}
            {...form.getInputProps('quantity')}
          />
          <SaveFailed error={save.error instanceof ApiError && save.error.status === 400 ? null : save.error} />
          <DialogActions onCancel={onClose} pending={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
