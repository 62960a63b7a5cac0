import { Trans, useLingui } from '@lingui/react/macro';
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useAdminLotsSaveLot } from '@generated/endpoints/lots/lots';
import type { Lot } from '@generated/model';
import { ApiError } from '../../api/http';
import { problemFieldErrors, zodValidate } from '../../api/validation';
import { DialogActions } from '../../components/DialogActions';
import { onInvalidForm } from '../../components/invalidForm';
import { lotNumberOf, lotNumberSchema } from './lots';
import './catalogue';

/** Every lot query of the staff's lot calls (list, one lot, recall, stock): their keys start with `/api/{role}/lot`. */
export const isLotQuery = (key: readonly unknown[]) => typeof key[0] === 'string' && /^\/api\/(admin|operator)\/lots?\//.test(key[0]);

/**
 * Admin: the supplier's lot number of a lot entered or changed after the delivery; emptied, the lot has
 * none. Sends the version read (a stale one answers 409, said by the app's error notice).
 */
export default function LotNumberDialog({ lot, onClose }: { lot: Lot; onClose: () => void }) {
  const { t } = useLingui();
  const [id, preform, supplier, warehouse] = [lot.id, lot.Preform.preformName, lot.Manufacturer.manufacturerName, lot.PreformWarehouse.warehouseName];
  const queryClient = useQueryClient();
  const form = useForm<{ supplierLotNumber: string }>({
    mode: 'controlled',
    initialValues: { supplierLotNumber: lot.supplierLotNumber ?? '' },
    validateInputOnBlur: true,
    validate: zodValidate<{ supplierLotNumber: string }>(lotNumberSchema, { transform: (values) => ({ supplierLotNumber: lotNumberOf(values.supplierLotNumber) }) }),
  });
  const save = useAdminLotsSaveLot({
    mutation: {
      onSuccess: async () => {
        await queryClient.invalidateQueries({ predicate: (query) => isLotQuery(query.queryKey) });
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) form.setErrors(problemFieldErrors(error));
      },
    },
  });
  const submit = form.onSubmit(
    (values) => save.mutate({ data: { id: lot.id, supplierLotNumber: lotNumberOf(values.supplierLotNumber) ?? null, version: lot.version } }),
    onInvalidForm,
  );
  return (
    <Modal opened onClose={onClose} title={t`Supplier lot number`}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            <Trans>
              Lot {id}: {preform} from {supplier}, delivered to {warehouse}.
            </Trans>
          </Text>
          <TextInput
            label={t`Supplier lot number`}
            description={t`As printed on the delivery's labels. Leave empty when the lot has none.`}
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('supplierLotNumber')}
          />
          <DialogActions onCancel={onClose} pending={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
