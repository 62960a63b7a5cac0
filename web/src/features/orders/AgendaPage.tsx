import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Paper, Progress, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPencil } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { getOperatorAgendaGetAgendaQueryOptions, useOperatorAgendaGetAgenda } from '@generated/endpoints/orders/orders';
import type { AgendaItem } from '@generated/model';
import { now } from '../../components/clock';
import { QueryError } from '../../components/QueryError';
import { formatListDate, formatNumber, formatPercent } from '../../components/format';
import { agendaColumns, weekLabel, weekStart, type AgendaColumn } from './agenda';
import './catalogue';

const ProducedQuantityDialog = lazy(() => import('./ProducedQuantityDialog'));

function AgendaCard({ item, onEdit }: { item: AgendaItem; onEdit: (item: AgendaItem) => void }) {
  const { t } = useLingui();
  const order = item.ClientProductionOrder;
  const { orderNo } = order;
  const articleNo = item.ClientProduct.articleNo;
  const due = formatListDate(item.dueDate);
  const produced = formatNumber(item.producedAmount);
  const planned = formatNumber(item.plannedAmount);
  const closed = order.closed === 1;
  return (
    <Paper withBorder radius="sm" p="xs" component="article" aria-label={`${order.orderNo} ${item.ClientProduct.articleNo}`}>
      <Group justify="space-between" wrap="nowrap" gap={4} align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text fw={700} size="sm">
            {order.orderNo}
          </Text>
          {order.company && (
            <Text size="xs" c="dimmed" truncate>
              {order.company}
            </Text>
          )}
        </div>
        {!closed && (
          <Tooltip label={t`Update produced quantity`}>
            <ActionIcon variant="subtle" size="sm" aria-label={t`Update produced quantity of ${orderNo} ${articleNo}`} onClick={() => onEdit(item)}>
              <IconPencil size={14} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      <Text size="sm" mt={4} lineClamp={2}>
        {item.ClientProduct.productName}
      </Text>
      <Text size="xs" c="dimmed">
        <Trans>
          {articleNo} · due {due}
        </Trans>
      </Text>
      <Group gap="xs" mt={6} wrap="nowrap">
        <Progress value={Math.min(100, item.producedPart * 100)} size="sm" style={{ flex: 1 }} aria-hidden />
        <Text size="xs" fw={600}>
          {formatPercent(item.producedPart)}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        <Trans>
          Produced {produced} of {planned}
        </Trans>
      </Text>
    </Paper>
  );
}

/** Cards a column shows before 'Show more', and how many more each click adds (the API's page of a column). */
export const COLUMN_CARDS = 30;

/**
 * A column of the week: the cards of the week's answer (at most 30), and 'Show more' asks the API for the next 30 of
 * this column (agenda/get with `column` and `offset`), page after page; the badge is the column's count.
 */
function Column({ column, week, today, onEdit }: { column: AgendaColumn; week: string; today: boolean; onEdit: (item: AgendaItem) => void }) {
  const { t } = useLingui();
  const headingId = `agenda-${column.key}`;
  const columnTitle = column.title;
  const [pages, setPages] = useState(0);
  const more = useQueries({
    queries: Array.from({ length: pages }, (_, page) => getOperatorAgendaGetAgendaQueryOptions({ week, column: column.key, offset: COLUMN_CARDS * (page + 1) })),
  });
  const cards = [...column.items, ...more.flatMap((page) => page.data ?? [])];
  const loading = more.some((page) => page.isPending);
  const failed = more.find((page) => page.isError);
  const hidden = column.count - cards.length;
  const nextPage = Math.min(hidden, COLUMN_CARDS);
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p="xs"
      bg={today ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-default-hover)'}
      data-today={today || undefined}
      style={{ width: 220, flex: '0 0 220px' }}
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={5} id={headingId}>
          {column.title}
        </Title>
        <Badge variant="default" size="sm" aria-label={plural(column.count, { one: '# item', other: '# items' })}>
          {column.count}
        </Badge>
      </Group>
      {/* The column scrolls on its own: it takes the keyboard focus, so that cards without a button (closed orders) can
          still be scrolled to without a mouse (WCAG 2.1.1; axe's scrollable-region-focusable). The browser's own
          scrolling, as the week's: Mantine's ScrollArea would bring its scrollbars' code into the operator's first
          screen. */}
      <div
        tabIndex={0}
        role="group"
        aria-label={t`Cards of ${columnTitle}`}
        className="mantine-focus-auto"
        style={{ maxHeight: 'calc(100vh - 240px)', overflowY: 'auto' }}
      >
        <Stack gap="xs">
          {cards.map((item) => (
            <AgendaCard key={item.id} item={item} onEdit={onEdit} />
          ))}
          {cards.length === 0 && (
            <Text size="xs" c="dimmed" ta="center" py="md">
              <Trans>Nothing due</Trans>
            </Text>
          )}
          {failed && <QueryError error={failed.error} onRetry={() => void failed.refetch()} />}
          {hidden > 0 && (
            <Button variant="subtle" size="xs" loading={loading} onClick={() => setPages(pages + 1)}>
              <Trans>
                Show {nextPage} more of {hidden}
              </Trans>
            </Button>
          )}
        </Stack>
      </div>
    </Paper>
  );
}

/**
 * Operator '/' agenda (part 2.2): the open order items of the week by due date, with PREV (due before the week) and
 * NEXT (due after it) columns. A card shows order number, product name and article number, progress percent and the
 * planned and produced amounts; its edit icon opens 'Update order item produced quantity' unless the order is closed.
 * The page asks the API for the week it shows (Previous week / Next week ask another; the skeleton shows meanwhile).
 */
export default function AgendaPage() {
  const [monday, setMonday] = useState(() => weekStart(dayjs(now())));
  // The week shown is asked for (and cached) on its own: the answer carries that week's columns only.
  const week = monday.format('YYYY-MM-DD');
  const query = useOperatorAgendaGetAgenda({ week });
  const [editing, setEditing] = useState<AgendaItem | null>(null);
  const columns = useMemo(() => agendaColumns(query.data ?? [], monday), [query.data, monday]);
  const todayKey = dayjs(now()).format('YYYY-MM-DD');
  // The week opens with today's column in view (the columns scroll sideways): on arrival and on 'This week'.
  const [scrollToToday, setScrollToToday] = useState(true);
  const board = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!scrollToToday || !query.isSuccess) return;
    board.current?.querySelector('[data-today]')?.scrollIntoView({ block: 'nearest', inline: 'center' });
    setScrollToToday(false);
  }, [scrollToToday, query.isSuccess]);

  return (
    <Stack aria-busy={query.isFetching}>
      <Group justify="space-between">
        <div>
          <Title order={2}>
            <Trans>Agenda</Trans>
          </Title>
          <Text c="dimmed" size="sm" aria-live="polite">
            {weekLabel(monday)}
          </Text>
        </div>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconChevronLeft size={16} />} onClick={() => setMonday(monday.subtract(1, 'week'))}>
            <Trans>Previous week</Trans>
          </Button>
          <Button
            variant="default"
            onClick={() => {
              setMonday(weekStart(dayjs(now())));
              setScrollToToday(true);
            }}
          >
            <Trans>This week</Trans>
          </Button>
          <Button variant="default" rightSection={<IconChevronRight size={16} />} onClick={() => setMonday(monday.add(1, 'week'))}>
            <Trans>Next week</Trans>
          </Button>
        </Group>
      </Group>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Group wrap="nowrap" align="flex-start">
          {Array.from({ length: 7 }, (_, index) => (
            <Skeleton key={index} width={220} height={260} radius="md" />
          ))}
        </Group>
      ) : (
        // The week's columns scroll sideways in the browser's own scrolling (see the column's).
        <div style={{ overflowX: 'auto', paddingBottom: 'var(--mantine-spacing-xs)' }}>
          <Group wrap="nowrap" align="flex-start" gap="sm" ref={board}>
            {columns.map((column) => (
              <Column key={`${week}-${column.key}`} column={column} week={week} today={column.day?.format('YYYY-MM-DD') === todayKey} onEdit={setEditing} />
            ))}
          </Group>
        </div>
      )}
      {query.data?.length === 0 && (
        <Text c="dimmed" size="sm">
          <Trans>No open order items: nothing to produce right now.</Trans>
        </Text>
      )}
      {editing && (
        <Suspense fallback={null}>
          <ProducedQuantityDialog item={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
