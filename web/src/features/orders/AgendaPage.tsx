import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Paper, Progress, ScrollArea, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPencil } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useOperatorAgendaGetAgenda } from '../../../../generated/web/endpoints/orders/orders';
import type { AgendaItem } from '../../../../generated/web/model';
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

/** Cards a column shows before 'Show more': PREV can hold hundreds of overdue items. */
export const COLUMN_CARDS = 30;

function Column({ column, today, onEdit }: { column: AgendaColumn; today: boolean; onEdit: (item: AgendaItem) => void }) {
  const headingId = `agenda-${column.key}`;
  const [shown, setShown] = useState(COLUMN_CARDS);
  const hidden = column.items.length - shown;
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
        <Badge variant="default" size="sm" aria-label={`${column.items.length} items`}>
          {column.items.length}
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
          {column.items.slice(0, shown).map((item) => (
            <AgendaCard key={item.id} item={item} onEdit={onEdit} />
          ))}
          {column.items.length === 0 && (
            <Text size="xs" c="dimmed" ta="center" py="md">
              Nothing due
            </Text>
          )}
          {hidden > 0 && (
            <Button variant="subtle" size="xs" onClick={() => setShown(shown + COLUMN_CARDS)}>
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
 */
export default function AgendaPage() {
  const query = useOperatorAgendaGetAgenda({});
  const [monday, setMonday] = useState(() => weekStart(dayjs()));
  const [editing, setEditing] = useState<AgendaItem | null>(null);
  const columns = useMemo(() => agendaColumns(query.data ?? [], monday), [query.data, monday]);
  const todayKey = dayjs().format('YYYY-MM-DD');
  // The week opens with today's column in view (the columns scroll sideways): on arrival and on 'This week'.
  const [scrollToToday, setScrollToToday] = useState(true);
  const board = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!scrollToToday || !query.isSuccess) return;
    board.current?.querySelector('[data-today]')?.scrollIntoView({ block: 'nearest', inline: 'center' });
    setScrollToToday(false);
  }, [scrollToToday, query.isSuccess]);

  return (
    <Stack>
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
              setMonday(weekStart(dayjs()));
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
              <Column key={column.key} column={column} today={column.key === todayKey} onEdit={setEditing} />
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
