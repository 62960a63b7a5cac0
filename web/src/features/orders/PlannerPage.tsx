import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Box, Button, Group, LoadingOverlay, MultiSelect, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { DndContext, DragOverlay, KeyboardSensor, PointerSensor, useDroppable, useSensor, useSensors, type DragEndEvent, type DragStartEvent } from '@dnd-kit/core';
import { openConfirm } from '../../components/confirm';
import { notifications } from '@mantine/notifications';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useClientPlannerSavePlannerItem } from '@generated/endpoints/orders/orders';
import type { PlannerForecast, PlannerOrderItem } from '@generated/model';
import { ApiError } from '../../api/http';
import { describeError } from '../../api/describeError';
import { QueryError } from '../../components/QueryError';
import { formatListDate, formatNumber } from '../../components/format';
import { PlannerItemCard, PlannerItemCardBody, type CardActions } from './PlannerItemCard';
import { dayCollision, dayKeyboardCoordinates, plannerAnnouncements, screenReaderInstructions } from './plannerDnd';
import { firstOfMonth, isWeekend, localToday, shiftMonth } from '../../components/dates';
import { canDropOn, forecastsByDay, itemsByDay, monthTitle, monthWeeks, weekdayNames } from './plannerCalendar';
import { usePlanner, useReloadPlanner } from './usePlanner';
import { useWideScreen } from '../../components/useWideScreen';
import './catalogue';

const ProductionOrderDialog = lazy(() => import('./ProductionOrderDialog'));
const ItemHistoryDialog = lazy(() => import('./ItemHistoryDialog'));

/** 'Show on calendar' (part 2.4): Orders by default. */
const LAYERS = [
  { value: 'orders', label: msg`Orders` },
  { value: 'forecasts', label: msg`Forecasts` },
];

/** A forecast bar: the buyer's company and what it plans for the seller's products over the period. */
function ForecastBar({ forecast }: { forecast: PlannerForecast }) {
  const { t } = useLingui();
  const period = `${formatListDate(forecast.periodFrom)} ~ ${formatListDate(forecast.periodTo)}`;
  const total = formatNumber(forecast.items.reduce((sum, item) => sum + item.plannedAmount, 0));
  const buyer = forecast.company ?? t`a buyer`;
  const buyerName = forecast.company ?? t`Buyer`;
  const articles = forecast.items.map((item) => `${item.articleNo} ${formatNumber(item.plannedAmount)}`).join(', ');
  const articleCount = forecast.items.length;
  return (
    <Tooltip
      withinPortal
      multiline
      label={
        <Stack gap={0}>
          <Text size="xs" fw={600}>
            <Trans>
              Forecast of {buyer}, {period}
            </Trans>
          </Text>
          {forecast.items.map((item) => (
            <Text size="xs" key={item.clientProductId}>
              {item.articleNo} {item.productName}: {formatNumber(item.plannedAmount)}
            </Text>
          ))}
        </Stack>
      }
    >
      <Box
        data-forecast={forecast.id}
        tabIndex={0}
        aria-label={t`Forecast of ${buyer} for ${period}: ${articles}`}
        px={6}
        py={2}
        style={{ borderRadius: 4, background: 'var(--mantine-color-grape-light)', borderLeft: '3px solid var(--mantine-color-grape-filled)' }}
      >
        {/* The buyer's whole name, wrapped in the narrow day (not cut to 'Baltic Beve…'). */}
        <Text size="xs" fw={600} style={{ overflowWrap: 'anywhere' }}>
          <Trans>Forecast · {buyerName}</Trans>
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {articleCount === 1 ? forecast.items[0]!.articleNo : t`${articleCount} articles`} · {total}
        </Text>
      </Box>
    </Tooltip>
  );
}

interface DayCellProps {
  day: string;
  inMonth: boolean;
  today: boolean;
  /** The item being dragged: days it may not go to are shown refused. */
  dragged: PlannerOrderItem | null;
  /** On a phone the day spans the screen and names its weekday itself (the weekday headers are not shown). */
  weekday?: string;
  children: React.ReactNode;
}

function DayCell({ day, inMonth, today, dragged, weekday, children }: DayCellProps) {
  const { setNodeRef, isOver } = useDroppable({ id: day });
  const weekend = isWeekend(day);
  const refused = dragged != null && !canDropOn(dragged.dueDate, day);
  const background = refused
    ? isOver
      ? 'var(--mantine-color-red-light)'
      : 'repeating-linear-gradient(135deg, transparent 0 6px, var(--mantine-color-gray-light) 6px 8px)'
    : isOver && dragged
      ? 'var(--mantine-color-blue-light)'
      : weekend
        ? 'var(--mantine-color-gray-light)'
        : undefined;
  return (
    <Box
      ref={setNodeRef}
      role="gridcell"
      aria-label={formatListDate(day)}
      data-day={day}
      data-refused={refused || undefined}
      p={4}
      style={{
        minHeight: weekday ? undefined : 120,
        minWidth: 0,
        background,
        borderRight: '1px solid var(--mantine-color-default-border)',
        borderBottom: '1px solid var(--mantine-color-default-border)',
        outline: isOver && refused ? '2px solid var(--mantine-color-red-filled)' : undefined,
        outlineOffset: -2,
      }}
    >
      <Group justify={weekday ? 'flex-start' : 'flex-end'} gap={6} mb={4}>
        {weekday && (
          <Text size="xs" fw={500} c={inMonth ? undefined : 'dimmed'}>
            {weekday}
          </Text>
        )}
        <Text
          size="xs"
          fw={today ? 700 : 500}
          c={today ? 'white' : inMonth ? undefined : 'dimmed'}
          bg={today ? 'blue' : undefined}
          px={today ? 6 : 0}
          style={{ borderRadius: 10 }}
          aria-current={today ? 'date' : undefined}
        >
          {Number(day.slice(8))}
        </Text>
      </Group>
      <Stack gap={4}>{children}</Stack>
    </Box>
  );
}

/**
 * The seller's Planner, client '/agenda' (part 2.4): a month calendar, Monday first, all seven weekdays, with the
 * buyers' order items of the seller's products as cards and, when chosen under 'Show on calendar', the buyers'
 * forecasts as bars on the middle day of their period. Cards move by pointer or keyboard (Space, arrows, Space) to
 * a weekday on or after their own date; earlier days are shown refused while dragging and a drop there saves nothing.
 * On a phone (below `sm`) each week's days stack, one a line with its weekday, so the cards keep their full width.
 */
export default function PlannerPage() {
  const { t, i18n } = useLingui();
  const today = localToday();
  const [month, setMonth] = useState(() => firstOfMonth(today));
  const [layers, setLayers] = useState<string[]>(['orders']);
  const [dialog, setDialog] = useState<{ item: PlannerOrderItem; mode: 'add' | 'edit' } | null>(null);
  const [historyOf, setHistoryOf] = useState<PlannerOrderItem | null>(null);
  const [active, setActive] = useState<PlannerOrderItem | null>(null);
  // The day to bring into view once its month has loaded: today on opening and on 'Today'.
  const [scrollTo, setScrollTo] = useState<string | null>(today);
  const grid = useRef<HTMLDivElement>(null);
  const wide = useWideScreen();
  const columns = wide ? 'repeat(7, minmax(0, 1fr))' : 'minmax(0, 1fr)';
  const planner = usePlanner(month);
  const reload = useReloadPlanner();
  const { query } = planner;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: dayKeyboardCoordinates }),
  );

  const confirm = useClientPlannerSavePlannerItem({
    mutation: {
      meta: { silent: true },
      onSuccess: (saved) => {
        const { orderNo } = saved.ClientProductionOrder;
        const { articleNo } = saved.ClientProduct;
        notifications.show({ color: 'green', title: t`Order confirmed`, message: t`${orderNo}, ${articleNo}: confirmed by the seller.` });
        void reload();
      },
      onError: (error) => {
        const stale = error instanceof ApiError && error.status === 409;
        const reason = describeError(error);
        notifications.show({ color: 'red', role: 'alert', title: t`Not confirmed`, message: stale ? t`${reason} The planner was reloaded.` : reason });
        if (stale) void reload();
      },
    },
  });
  const askConfirm = (item: PlannerOrderItem) =>
    openConfirm({
      title: t`Confirm order`,
      children: (
        <Text size="sm">
          <Trans>Are you sure you want to confirm the order?</Trans>
        </Text>
      ),
      labels: { confirm: t`Confirm`, cancel: t`Cancel` },
      onConfirm: () => confirm.mutate({ data: { item: { id: item.id, isSellerConfirmed: true, version: item.version } } }),
    });
  const actions: CardActions = {
    onAdd: (item) => setDialog({ item, mode: 'add' }),
    onEdit: (item) => setDialog({ item, mode: 'edit' }),
    onConfirm: askConfirm,
    onHistory: setHistoryOf,
  };

  const items = query.data?.orders ?? [];
  const forecasts = query.data?.forecasts ?? [];
  const find = (id: string | number) => items.find((item) => item.id === Number(id));
  const byDay = itemsByDay(layers.includes('orders') ? items : [], planner.dayOf);
  const barsByDay = forecastsByDay(layers.includes('forecasts') ? forecasts : []);
  const weeks = monthWeeks(month);
  const weekdays = weekdayNames();
  const shownMonth = monthTitle(month);
  const shownCount = [...byDay.values()].flat().length + [...barsByDay.values()].flat().length;

  // Open on this week: once today's month is shown, its week comes to the top of the screen (below the header), so
  // the weeks of history above it are not what the seller sees first.
  const loaded = query.isSuccess && !query.isPlaceholderData;
  useEffect(() => {
    if (!scrollTo || !loaded || firstOfMonth(scrollTo) !== month) return;
    const week = grid.current?.querySelector(`[data-day="${scrollTo}"]`)?.closest('[role="row"]');
    if (week && week !== grid.current?.querySelector('[data-week]')) week.scrollIntoView({ block: 'start' });
    setScrollTo(null);
  }, [scrollTo, loaded, month]);

  const onDragStart = ({ active: dragged }: DragStartEvent) => setActive(find(dragged.id) ?? null);
  const onDragEnd = ({ active: dragged, over }: DragEndEvent) => {
    setActive(null);
    const item = find(dragged.id);
    if (item && over) void planner.move(item, String(over.id));
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Title order={2}>
            <Trans>Planner</Trans>
          </Title>
          <Text size="lg" fw={500} aria-live="polite">
            {shownMonth}
          </Text>
        </Stack>
        <Group align="flex-end">
          <MultiSelect
            label={t`Show on calendar`}
            data={LAYERS.map((layer) => ({ value: layer.value, label: i18n._(layer.label) }))}
            value={layers}
            onChange={setLayers}
            w={260}
            comboboxProps={{ withinPortal: true }}
          />
          <Button.Group>
            <Button
              variant="default"
              onClick={() => {
                setMonth(firstOfMonth(today));
                setScrollTo(today);
              }}
            >
              <Trans>Today</Trans>
            </Button>
            <Button variant="default" leftSection={<IconChevronLeft size={16} />} onClick={() => setMonth((current) => shiftMonth(current, -1))}>
              <Trans>Prev</Trans>
            </Button>
            <Button variant="default" rightSection={<IconChevronRight size={16} />} onClick={() => setMonth((current) => shiftMonth(current, 1))}>
              <Trans>Next</Trans>
            </Button>
          </Button.Group>
        </Group>
      </Group>

      <Text size="xs" c="dimmed">
        <Trans>Order cards: company, article number, order number, planned / produced quantities. Drag a card to a weekday on or after its date.</Trans>
      </Text>
      {query.isError && !query.data ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={dayCollision}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setActive(null)}
          accessibility={{ announcements: plannerAnnouncements(find), screenReaderInstructions: screenReaderInstructions() }}
        >
          <Paper withBorder radius="md" pos="relative" style={{ overflow: 'hidden' }}>
            <LoadingOverlay visible={query.isPending || (query.isPlaceholderData && query.isFetching)} loaderProps={{ 'aria-label': t`Loading planner` } as object} />
            <Box role="grid" aria-label={t`Planner ${shownMonth}`} ref={grid}>
              <Box role="row" style={{ display: wide ? 'grid' : 'none', gridTemplateColumns: columns }}>
                {weekdays.map((weekday) => (
                  <Text
                    key={weekday}
                    role="columnheader"
                    size="sm"
                    fw={600}
                    ta="center"
                    py={6}
                    bg="var(--mantine-color-default-hover)"
                    style={{ borderRight: '1px solid var(--mantine-color-default-border)', borderBottom: '1px solid var(--mantine-color-default-border)' }}
                  >
                    {weekday}
                  </Text>
                ))}
              </Box>
              {weeks.map((week) => (
                <Box
                  key={week[0]}
                  role="row"
                  data-week={week[0]}
                  style={{
                    display: 'grid',
                    gridTemplateColumns: columns,
                    // Scrolled to, a week stops below the fixed top bar.
                    scrollMarginTop: 'calc(var(--app-shell-header-offset, 56px) + var(--mantine-spacing-xs))',
                  }}
                >
                  {week.map((day, index) => (
                    <DayCell
                      key={day}
                      day={day}
                      inMonth={day.slice(0, 7) === month.slice(0, 7)}
                      today={day === today}
                      dragged={active}
                      weekday={wide ? undefined : weekdays[index]}
                    >
                      {(barsByDay.get(day) ?? []).map((forecast) => (
                        <ForecastBar key={`forecast-${forecast.id}`} forecast={forecast} />
                      ))}
                      {(byDay.get(day) ?? []).map((item) => (
                        <PlannerItemCard key={item.id} item={item} moving={planner.isMoving(item.id)} actions={actions} />
                      ))}
                    </DayCell>
                  ))}
                </Box>
              ))}
            </Box>
          </Paper>
          <DragOverlay dropAnimation={null}>{active ? <PlannerItemCardBody item={active} overlay /> : null}</DragOverlay>
        </DndContext>
      )}
      {query.isSuccess && !query.isPlaceholderData && shownCount === 0 && (
        <Text size="sm" c="dimmed" ta="center">
          {layers.length === 0
            ? t`Choose Orders or Forecasts under 'Show on calendar' to see them.`
            : t`Nothing planned in ${shownMonth}. Prev and Next show other months.`}
        </Text>
      )}
      {dialog && (
        <Suspense fallback={null}>
          <ProductionOrderDialog item={dialog.item} mode={dialog.mode} onClose={() => setDialog(null)} />
        </Suspense>
      )}
      {historyOf && (
        <Suspense fallback={null}>
          <ItemHistoryDialog
            itemId={historyOf.id}
            title={`${historyOf.ClientProduct.articleNo}, ${historyOf.ClientProductionOrder.orderNo}`}
            onClose={() => setHistoryOf(null)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
