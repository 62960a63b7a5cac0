import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState, type ReactElement } from 'react';
import { Button, Group, Stack, Title } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { IconCertificate, IconFileDownload, IconMailForward } from '@tabler/icons-react';
import {
  getDocumentsGetInvoicesQueryKey,
  useDocumentsDownloadDeclaration,
  useDocumentsDownloadInvoice,
  useDocumentsExportInvoices,
  useDocumentsGetInvoices,
} from '@generated/endpoints/invoices/invoices';
import type { DocumentsGetInvoicesBodyPaginationSortBy, DocumentsRole, Invoice } from '@generated/model';
import { saveFile } from '../../api/http';
import { useAppContext } from '../../app/context';
import { describeError } from '../../api/describeError';
import { useListState } from '../../components/useListState';
import { ExportMenu } from '../../components/ExportMenu';
import { InvoicesTable } from './InvoicesTable';
import { alreadySent, documentsRoleOf, hasCompactView, INVOICES_VIEW_KEY, showsCompany, useInvoiceSelection, type InvoicesView } from './invoices';
import { documentLanguage } from '../../i18n/locales';
import { featureCataloguesLoaded } from '../../i18n/i18n';
import './catalogue';

const ConfirmSendDialog = lazy(() => import('./ConfirmSendDialog'));
const InvoicesLayoutSwitch = lazy(() => import('./InvoicesLayoutSwitch'));
// Should the tooltip not load, the disabled button shows without it.
const AlreadySentTooltip = lazy(() => import('./AlreadySentTooltip').catch(() => ({ default: ({ children }: { children: ReactElement }) => children })));
// The admin's failed e-mails load for the admin only (with the notifications' texts): the accountant's and the
// client's first screen never draw them.
const FailedDeliveries = lazy(() => import('./FailedDeliveries').then((module) => ({ default: module.FailedDeliveries })));
const FailedNotificationMails = lazy(() =>
  import('../notifications/FailedNotificationMails').then(async (module) => (await featureCataloguesLoaded(), { default: module.FailedNotificationMails })),
);

/**
 * '/documents', the invoices (parts 2.3, 2.4, 7.3) of the admin, accountant and client faces, called with the
 * signed-in user's role. Single-row selection; 'Download Invoice', 'Download Declaration of conformity' and
 * 'Confirm & Send', all disabled without a selection; staff see the company too. 10 per page (10/20/50/100), invoice
 * date (deliveryDate) descending. The client may choose the compact view (part 2.4's second layout: four columns and
 * the two downloads), which the browser remembers. The admin also sees the e-mails that could not be delivered
 * and the notification e-mails that could not, above the list.
 */
export default function InvoicesPage() {
  const { session } = useAppContext();
  return <InvoicesScreen role={documentsRoleOf(session.user)} />;
}

export function InvoicesScreen({ role }: { role: DocumentsRole }) {
  const { t } = useLingui();
  const list = useListState<Invoice, DocumentsGetInvoicesBodyPaginationSortBy>({ sortBy: 'deliveryDate', descending: true, rowsPerPage: 10 });
  const body = { pagination: list.pagination };
  const query = useDocumentsGetInvoices(role, body, {
    query: { queryKey: getDocumentsGetInvoicesQueryKey(role, body), placeholderData: keepPreviousData },
  });
  const { selected, toggle } = useInvoiceSelection(query.data?.rows ?? [], query.dataUpdatedAt);
  const [confirming, setConfirming] = useState<Invoice | null>(null);
  const failed = (title: string) => (error: unknown) => notifications.show({ color: 'red', role: 'alert', title, message: describeError(error) });
  const invoicePdf = useDocumentsDownloadInvoice({ mutation: { meta: { silent: true }, onError: failed(t`Invoice not downloaded`) } });
  const declarationPdf = useDocumentsDownloadDeclaration({
    mutation: { meta: { silent: true }, onError: failed(t`Declaration of conformity not downloaded`) },
  });
  // The file keeps the server's name (Content-Disposition); the names of part 7.3 are the fallback. The document is in
  // the person's language, not the company's default (the API's `language` parameter).
  const download = (mutation: typeof invoicePdf, fallbackName: string) => {
    if (!selected) return;
    const language = documentLanguage();
    mutation.mutate(
      { role, data: { id: selected.id }, ...(language ? { params: { language } } : {}) },
      { onSuccess: (file) => saveFile(file, fallbackName) },
    );
  };
  const invoiceNumber = selected?.invoiceNumber;
  const exportFile = useDocumentsExportInvoices({ mutation: { meta: { silent: true } } });
  const sent = selected != null && alreadySent(selected);
  const [view, setView] = useLocalStorage<InvoicesView>({ key: INVOICES_VIEW_KEY, defaultValue: 'full', getInitialValueInEffect: false });
  const compact = hasCompactView(role) && view === 'compact';
  const confirmAndSend = (
    <Button leftSection={<IconMailForward size={16} />} disabled={!selected || sent} onClick={() => setConfirming(selected)}>
      <Trans>Confirm &amp; Send</Trans>
    </Button>
  );

  return (
    <Stack>
      <Group justify="space-between">
        <Group gap="md">
          <Title order={2}>
            <Trans>Invoices</Trans>
          </Title>
          {hasCompactView(role) && (
            <Suspense fallback={null}>
              <InvoicesLayoutSwitch view={compact ? 'compact' : 'full'} onChange={setView} />
            </Suspense>
          )}
        </Group>
        <Group gap="xs">
          <Button
            variant="light"
            leftSection={<IconFileDownload size={16} />}
            disabled={!selected}
            loading={invoicePdf.isPending}
            onClick={() => download(invoicePdf, `${invoiceNumber}.pdf`)}
          >
            <Trans>Download Invoice</Trans>
          </Button>
          <Button
            variant="light"
            leftSection={<IconCertificate size={16} />}
            disabled={!selected}
            loading={declarationPdf.isPending}
            onClick={() => download(declarationPdf, t`DECLARATION OF CONFORMITY ${invoiceNumber}.pdf`)}
          >
            <Trans>Download Declaration of conformity</Trans>
          </Button>
          {!compact &&
            (sent ? (
              <Suspense fallback={confirmAndSend}>
                <AlreadySentTooltip>{confirmAndSend}</AlreadySentTooltip>
              </Suspense>
            ) : (
              confirmAndSend
            ))}
          <ExportMenu
            pending={exportFile.isPending}
            fallbackName={(format) => `invoices.${format}`}
            run={(format) =>
              exportFile.mutateAsync({ role, data: { format, sortBy: list.pagination.sortBy, descending: list.pagination.descending } })
            }
          />
        </Group>
      </Group>
      {role === 'admin' && (
        <Suspense fallback={null}>
          <FailedDeliveries />
          <FailedNotificationMails />
        </Suspense>
      )}
      <InvoicesTable
        query={query}
        withCompany={showsCompany(role)}
        compact={compact}
        selectedId={selected?.id ?? null}
        onToggle={toggle}
        listProps={list.tableProps}
      />
      {confirming && (
        <Suspense fallback={null}>
          <ConfirmSendDialog role={role} invoice={confirming} onClose={() => setConfirming(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
