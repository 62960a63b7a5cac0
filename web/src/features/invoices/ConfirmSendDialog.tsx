import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { getDocumentsGetInvoicesQueryKey, useDocumentsConfirmInvoice } from '@generated/endpoints/invoices/invoices';
import type { DocumentsRole, Invoice } from '@generated/model';
import { describeError } from '../../api/describeError';
import { formatAmount } from './invoices';
import './catalogue';

export interface ConfirmSendDialogProps {
  role: DocumentsRole;
  invoice: Invoice;
  onClose: () => void;
}

/**
 * 'Confirm & Send' (part 4): it e-mails the invoice to the client, so it asks first. While the call runs the
 * dialog shows progress and cannot be closed; on success it closes, says so and the list reloads (which clears
 * the selection). Cancel has the focus, so a stray Enter sends nothing. A refusal (e.g. no billing e-mail, 409)
 * keeps the dialog open and says why.
 */
export default function ConfirmSendDialog({ role, invoice, onClose }: ConfirmSendDialogProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const confirm = useDocumentsConfirmInvoice({
    mutation: {
      meta: { silent: true },
      onSuccess: async (result) => {
        const { invoiceNumber, company: client } = result;
        notifications.show({
          color: 'green',
          title: t`Invoice confirmed and sent`,
          message: client
            ? t`Invoice ${invoiceNumber} was confirmed and e-mailed to ${client}.`
            : t`Invoice ${invoiceNumber} was confirmed and e-mailed to the client.`,
        });
        onClose();
        await queryClient.invalidateQueries({ queryKey: [getDocumentsGetInvoicesQueryKey(role)[0]] });
      },
    },
  });
  const pending = confirm.isPending;
  const { invoiceNumber, invoiceCurrency: currency, company } = invoice;
  const total = formatAmount(invoice.invoiceTotal);

  return (
    <Modal opened onClose={onClose} title={t`Confirm & Send`} closeOnClickOutside={!pending} closeOnEscape={!pending} withCloseButton={!pending}>
      <Stack>
        <Text size="sm">
          {invoice.company ? (
            <Trans>
              Confirm invoice <b>{invoiceNumber}</b> over {total} {currency} for {company} and send it by e-mail to the client&apos;s billing address?
            </Trans>
          ) : (
            <Trans>
              Confirm invoice <b>{invoiceNumber}</b> over {total} {currency} and send it by e-mail to the client&apos;s billing address?
            </Trans>
          )}
        </Text>
        <Text size="sm" c="dimmed">
          <Trans>The e-mail goes out at once and cannot be called back.</Trans>
        </Text>
        {confirm.isError && (
          <Alert color="red" title={t`Not sent`} role="alert">
            {describeError(confirm.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending} data-autofocus>
            <Trans>Cancel</Trans>
          </Button>
          <Button loading={pending} onClick={() => confirm.mutate({ role, data: { id: invoice.id } })}>
            <Trans>Confirm &amp; Send</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
