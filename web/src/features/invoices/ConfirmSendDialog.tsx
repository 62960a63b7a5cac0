import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { getDocumentsGetInvoicesQueryKey, useDocumentsConfirmInvoice } from '@generated/endpoints/invoices/invoices';
import type { DocumentsRole, Invoice } from '@generated/model';
import { describeError } from '../../api/describeError';
import { formatAmount } from './invoices';

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
  const queryClient = useQueryClient();
  const confirm = useDocumentsConfirmInvoice({
    mutation: {
      meta: { silent: true },
      onSuccess: async (result) => {
        notifications.show({
          color: 'green',
          title: 'Invoice confirmed and sent',
          message: `Invoice ${result.invoiceNumber} was confirmed and e-mailed to ${result.company ?? 'the client'}.`,
        });
        onClose();
        await queryClient.invalidateQueries({ queryKey: [getDocumentsGetInvoicesQueryKey(role)[0]] });
      },
    },
  });
  const pending = confirm.isPending;

  return (
    <Modal opened onClose={onClose} title="Confirm & Send" closeOnClickOutside={!pending} closeOnEscape={!pending} withCloseButton={!pending}>
      <Stack>
        <Text size="sm">
          Confirm invoice <b>{invoice.invoiceNumber}</b> over {formatAmount(invoice.invoiceTotal)} {invoice.invoiceCurrency}
          {invoice.company ? ` for ${invoice.company}` : ''} and send it by e-mail to the client&apos;s billing address?
        </Text>
        <Text size="sm" c="dimmed">
          The e-mail goes out at once and cannot be called back.
        </Text>
        {confirm.isError && (
          <Alert color="red" title="Not sent" role="alert">
            {describeError(confirm.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending} data-autofocus>
            Cancel
          </Button>
          <Button loading={pending} onClick={() => confirm.mutate({ role, data: { id: invoice.id } })}>
            Confirm &amp; Send
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
