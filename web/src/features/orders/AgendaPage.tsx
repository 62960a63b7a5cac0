import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Paper, Progress, ScrollArea, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPencil } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { getOperatorAgendaGetAgendaQueryOptions, useOperatorAgendaGetAgenda } from '@generated/endpoints/orders/orders';
import type { AgendaItem } from '@generated/model';
import { now } from '../../components/clock';
import { QueryError } from '../../components/QueryError';
import { formatListDate, formatNumber, formatPercent } from '../../components/format';
import { agendaColumns, weekLabel, weekStart, type AgendaColumn } from './agenda';

const ProducedQuantityDialog = lazy(() => import('./ProducedQuantityDialog'));

function AgendaCard({ item, onEdit }: { item: AgendaItem; onEdit: (item: AgendaItem) => void }) {
  const order = item.ClientProductionOrder;
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
          <Tooltip label="Update produced quantity">
            <ActionIcon variant="subtle" size="sm" aria-label={`Update produced quantity of ${order.orderNo} ${item.ClientProduct.articleNo}`} onClick={() => onEdit(item)}>
              <IconPencil size={14} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      <Text size="sm" mt={4} lineClamp={2}>
        {item.ClientProduct.productName}
      </Text>
      <Text size="xs" c="dimmed">
        {item.ClientProduct.articleNo} · due {formatListDate(item.dueDate)}
      </Text>
      <Group gap="xs" mt={6} wrap="nowrap">
        <Progress value={Math.min(100, item.producedPart * 100)} size="sm" style={{ flex: 1 }} aria-hidden />
        <Text size="xs" fw={600}>
          {formatPercent(item.producedPart)}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        Produced {formatNumber(item.producedAmount)} of {formatNumber(item.plannedAmount)}
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
  const headingId = `agenda-${column.key}`;
  const [pages, setPages] = useState(0);
  const more = useQueries({
    queries: Array.from({ length: pages }, (_, page) => getOperatorAgendaGetAgendaQueryOptions({ week, column: column.key, offset: COLUMN_CARDS * (page + 1) })),
  });
  const cards = [...column.items, ...more.flatMap((page) => page.data ?? [])];
  const loading = more.some((page) => page.isPending);
  const failed = more.find((page) => page.isError);
  const hidden = column.count - cards.length;
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
        <Badge variant="default" size="sm" aria-label={`${column.count} items`}>
          {column.count}
        </Badge>
      </Group>
      {/* The column scrolls on its own: its viewport takes the keyboard focus, so that cards without a button (closed
          orders) can still be scrolled to without a mouse (WCAG 2.1.1; axe's scrollable-region-focusable). */}
      <ScrollArea.Autosize
        mah="calc(100vh - 240px)"
        type="auto"
        offsetScrollbars
        viewportProps={{ tabIndex: 0, role: 'group', 'aria-label': `Cards of ${column.title}` }}
      >
        <Stack gap="xs">
          {cards.map((item) => (
            <AgendaCard key={item.id} item={item} onEdit={onEdit} />
          ))}
          {cards.length === 0 && (
            <Text size="xs" c="dimmed" ta="center" py="md">
              Nothing due
            </Text>
          )}
          {failed && <QueryError error={failed.error} onRetry={() => void failed.refetch()} />}
          {hidden > 0 && (
            <Button variant="subtle" size="xs" loading={loading} onClick={() => setPages(pages + 1)}>
              Show {Math.min(hidden, COLUMN_CARDS)} more of {hidden}
            </Button>
          )}
        </Stack>
      </ScrollArea.Autosize>
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
          <Title order={2}>Agenda</Title>
          <Text c="dimmed" size="sm" aria-live="polite">
            {weekLabel(monday)}
          </Text>
        </div>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconChevronLeft size={16} />} onClick={() => setMonday(monday.subtract(1, 'week'))}>
            Previous week
          </Button>
          <Button
            variant="default"
            onClick={() => {
              setMonday(weekStart(dayjs(now())));
              setScrollToToday(true);
            }}
          >
            This week
          </Button>
          <Button variant="default" rightSection={<IconChevronRight size={16} />} onClick={() => setMonday(monday.add(1, 'week'))}>
            Next week
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
        <ScrollArea type="auto" offsetScrollbars>
          <Group wrap="nowrap" align="flex-start" gap="sm" ref={board}>
            {columns.map((column) => (
              <Column key={`${week}-${column.key}`} column={column} week={week} today={column.day?.format('YYYY-MM-DD') === todayKey} onEdit={setEditing} />
            ))}
          </Group>
        </ScrollArea>
      )}
      {query.data?.length === 0 && (
        <Text c="dimmed" size="sm">
          No open order items: nothing to produce right now.
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
