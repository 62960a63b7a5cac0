import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ActionIcon, Button, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconChevronRight, IconFileDownload } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import {
  getAdminOrdersGetProductionOrdersQueryKey,
  useAdminOrdersDownloadProductionOrders,
  useAdminOrdersExportProductionOrders,
  useAdminOrdersGetProductionOrders,
} from '@generated/endpoints/orders/orders';
import type { AdminOrdersGetProductionOrdersBodyPaginationSortBy, ClientProductionOrder } from '@generated/model';
import { saveFile } from '../../api/http';
import { describeError } from '../../api/describeError';
import { now } from '../../components/clock';
import { OrderProgress } from '../../components/OrderProgress';
import { QueryError } from '../../components/QueryError';
import { formatDateTime, formatListDate, formatNumber, formatPercent } from '../../components/format';
import { pagedTableProps } from '../../components/pagedTable';
import { useListState } from '../../components/useListState';
import { ExportMenu } from '../../components/ExportMenu';
import { documentLanguage } from '../../i18n/locales';
import { downloadName, MAX_DOWNLOAD, period } from './productionOrders';
import './catalogue';

/** The items of an order, shown when its row is expanded: article, product, due date, planned, produced, progress. */
function OrderItems({ order }: { order: ClientProductionOrder }) {
  const { t } = useLingui();
  const { orderNo } = order;
  if (order.ClientProductionOrderItems.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="sm">
        <Trans>This order has no items.</Trans>
      </Text>
    );
  }
  return (
    <Table withRowBorders={false} verticalSpacing={4} ml="xl" w="auto" aria-label={t`Items of ${orderNo}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>
            <Trans>Article no.</Trans>
          </Table.Th>
          <Table.Th>
            <Trans>Title</Trans>
          </Table.Th>
          <Table.Th>
            <Trans>Deliver at</Trans>
          </Table.Th>
          <Table.Th ta="right">
            <Trans>Planned</Trans>
          </Table.Th>
          <Table.Th ta="right">
            <Trans>Produced</Trans>
          </Table.Th>
          <Table.Th>
            <Trans>Progress</Trans>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {order.ClientProductionOrderItems.map((item) => (
          <Table.Tr key={item.id}>
            <Table.Td>{item.ClientProduct.articleNo}</Table.Td>
            <Table.Td>{item.ClientProduct.productName}</Table.Td>
            <Table.Td>{formatListDate(item.dueDate)}</Table.Td>
            <Table.Td ta="right">{formatNumber(item.plannedAmount)}</Table.Td>
            <Table.Td ta="right">{formatNumber(item.producedAmount)}</Table.Td>
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                <Progress value={Math.min(100, item.producedPart * 100)} w={100} size="sm" aria-hidden />
                <Text size="xs">{formatPercent(item.producedPart)}</Text>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * Admin '/orders', 'New orders' (part 2.1): every client's production orders, 10 per page, newest first; a row
 * expands to its items with their progress; the selected orders download as one PDF named PO-{YYMMDD}.pdf.
 */
export default function ProductionOrdersPage() {
  const { t } = useLingui();
  const list = useListState<ClientProductionOrder, AdminOrdersGetProductionOrdersBodyPaginationSortBy>({
    sortBy: 'createdAt',
    descending: true,
    rowsPerPage: 10,
  });
  const body = { pagination: list.pagination };
  const query = useAdminOrdersGetProductionOrders(body, {
    query: { queryKey: getAdminOrdersGetProductionOrdersQueryKey(body), placeholderData: keepPreviousData },
  });
  const [selected, setSelected] = useState<ClientProductionOrder[]>([]);
  const [expanded, setExpanded] = useState<number[]>([]);
  const download = useAdminOrdersDownloadProductionOrders({
    mutation: {
      meta: { silent: true },
      onSuccess: (file) => saveFile(file, downloadName(now())),
      onError: (error) => notifications.show({ color: 'red', role: 'alert', title: t`PDF not downloaded`, message: describeError(error) }),
    },
  });
  const exportFile = useAdminOrdersExportProductionOrders({ mutation: { meta: { silent: true } } });
  const tooMany = selected.length > MAX_DOWNLOAD;
  const selectedCount = selected.length;
  // The PDF in the person's language, not the company's default (the API's `language` parameter).
  const language = documentLanguage();
  const toggle = (id: number) => setExpanded((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]));

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>
          <Trans>New orders</Trans>
        </Title>
        <Group gap="xs">
          {selected.length > 0 && (
            <Text size="sm" c={tooMany ? 'red' : 'dimmed'}>
              {tooMany ? t`At most ${MAX_DOWNLOAD} orders per PDF; ${selectedCount} selected` : t`${selectedCount} selected`}
            </Text>
          )}
          <Button
            leftSection={<IconFileDownload size={16} />}
            disabled={selected.length === 0 || tooMany}
            loading={download.isPending}
            onClick={() => download.mutate({ data: { orderIds: selected.map((order) => order.id) }, ...(language ? { params: { language } } : {}) })}
          >
            <Trans>Download PDF</Trans>
          </Button>
          <ExportMenu
            pending={exportFile.isPending}
            fallbackName={(format) => `production-orders.${format}`}
            run={(format) => exportFile.mutateAsync({ data: { format, sortBy: list.pagination.sortBy, descending: list.pagination.descending } })}
          />
        </Group>
      </Group>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <DataTable<ClientProductionOrder>
          {...pagedTableProps(query)}
          noRecordsText={t`No production orders yet.`}
          recordsPerPageLabel={t`Records per page`}
          {...list.tableProps}
          selectedRecords={selected}
          onSelectedRecordsChange={setSelected}
          rowExpansion={{
            allowMultiple: true,
            expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
            content: ({ record }) => <OrderItems order={record} />,
          }}
          rowStyle={(order) => ({ cursor: 'pointer', ...(order.workInProgress === 1 ? { backgroundColor: 'var(--mantine-color-yellow-light)' } : {}) })}
          customRowAttributes={(order) => ({ 'data-work-in-progress': order.workInProgress === 1 || undefined })}
          columns={[
            { accessor: 'producedPart', title: t`Progress`, sortable: true, render: (order) => <OrderProgress part={order.producedPart} /> },
            { accessor: 'company', title: t`Client`, sortable: true, render: (order) => order.company ?? '' },
            {
              accessor: 'orderNo',
              title: t`Order number`,
              sortable: true,
              // A row click opens or closes the items; for the keyboard and screen readers the button says so
              // (aria-expanded belongs to a button: a table row cannot carry it, WCAG 4.1.2).
              render: ({ id, orderNo }) => (
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size={24}
                    aria-label={t`Items of ${orderNo}`}
                    aria-expanded={expanded.includes(id)}
                    onClick={(event) => {
                      event.stopPropagation();
                      toggle(id);
                    }}
                  >
                    {expanded.includes(id) ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                  </ActionIcon>
                  {orderNo}
                </Group>
              ),
            },
            { accessor: 'producedArticles', title: t`Articles` },
            { accessor: 'producedStart', title: t`Period`, sortable: true, render: (order) => period(order) },
            { accessor: 'createdAt', title: t`Created at`, sortable: true, render: (order) => formatDateTime(order.createdAt) },
          ]}
        />
      )}
    </Stack>
  );
}
