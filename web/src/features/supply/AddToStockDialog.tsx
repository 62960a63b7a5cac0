import { Trans, useLingui } from '@lingui/react/macro';
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { SupplyOrder } from '@generated/model';
import { zodValidate } from '../../api/validation';
import { DialogActions } from '../../components/DialogActions';
import { onInvalidForm } from '../../components/invalidForm';
import { lotNumberOf, lotNumberSchema } from '../lots/lots';
import { CertificateFileInput, useCertificateFile } from '../sustainability/CertificateFileInput';
import { describeOrder } from './supplyBoard';
import './catalogue';

/**
 * A drop on 'Added to stock' asks first, since a delivered card cannot be moved back, and takes the
 * supplier's lot number of the delivery and the lot's certificate file (both optional; they can also be set later on
 * the lot's page). The delivery makes the preform lot; the file, once checked against the contract's types and size,
 * is sent after it (`useSupplyBoard`'s move).
 */
export default function AddToStockDialog({ order, onConfirm, onClose }: { order: SupplyOrder; onConfirm: (supplierLotNumber: string | undefined, certificate: File | undefined) => void; onClose: () => void }) {
  const { t } = useLingui();
  const described = describeOrder(order);
  const certificate = useCertificateFile();
  const form = useForm<{ supplierLotNumber: string }>({
    mode: 'controlled',
    initialValues: { supplierLotNumber: '' },
    validateInputOnBlur: true,
    validate: zodValidate<{ supplierLotNumber: string }>(lotNumberSchema, { transform: (values) => ({ supplierLotNumber: lotNumberOf(values.supplierLotNumber) }) }),
  });
  const submit = form.onSubmit((values) => {
    if (certificate.error) return; // a file the contract refuses is never sent
    onConfirm(lotNumberOf(values.supplierLotNumber), certificate.file ?? undefined);
  }, onInvalidForm);
  return (
    <Modal opened onClose={onClose} title={t`Add to stock`} size="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            <Trans>{described}. Its amount is added to the warehouse stock as a new preform lot; the card cannot be moved back.</Trans>
          </Text>
          <TextInput
            label={t`Supplier lot number`}
            description={t`Optional. It can also be set later on the lot's page.`}
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('supplierLotNumber')}
          />
          <CertificateFileInput {...certificate.input} />
          <DialogActions onCancel={onClose} pending={false} saveLabel={t`Add to stock`} />
        </Stack>
      </form>
    </Modal>
  );
}
