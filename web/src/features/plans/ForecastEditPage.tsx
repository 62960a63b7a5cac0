import '@mantine/dates/styles.css';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Badge, Breadcrumbs, Button, Group, Popover, Stack, Text, Title } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { IconCalendar, IconCalendarEvent, IconDeviceFloppy } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import {
  getClientPlansGetPlanQueryKey,
  getClientPlansGetPlansQueryKey,
  useClientPlansGetPlan,
  useClientPlansSavePlan,
} from '@generated/endpoints/plans/plans';
import { clientPlansGetPlanPathIdRegExp } from '@generated/zod/plans/plans.zod';
import type { PlanLoad } from '@generated/model';
import { MESSAGES } from '../../api/messages';
import { formatListDate } from '../../components/format';
import { SaveFailed } from '../../components/SaveFailed';
import { NotFoundPage } from '../../components/NotFoundPage';
import { describeError } from '../../api/describeError';
import { useWideScreen } from '../../components/useWideScreen';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard';
import { PlannedQuantityCell, type QuantityDraft } from './PlannedQuantityCell';
import { forecastRows, periodErrors, planInput, plannedAmountError, saveFieldErrors, type ForecastRow, type Period } from './forecast';
import { onInvalidForm } from '../../components/invalidForm';
import { useRecordEditor } from '../../components/useRecordEditor';
import './catalogue';

/**
 * Client /planning/{id} and /planning/new, 'Forecast edit': the planned period as two chips (chosen in a
 * range calendar, Monday first), every product of the company with its planned quantity (0 without a plan item), inline
 * editable, 'Save plan' and Cancel (back to the list, asking first when there are unsaved changes).
 */
export default function ForecastEditPage() {
  const { id = '' } = useParams({ strict: false }) as { id?: string };
  const valid = clientPlansGetPlanPathIdRegExp.test(id);
  // No cache beyond the page: every visit edits what the server has now, and nothing refetches under the edits.
  const query = useClientPlansGetPlan(id, {
    query: { queryKey: getClientPlansGetPlanQueryKey(id), enabled: valid, gcTime: 0, refetchOnReconnect: false },
  });
  if (!valid) return <NotFoundPage />;
  const data = query.data;
  return (
    <ForecastEditor
      // A reload (after a stale save) starts the edits over from the fresh data.
      key={query.dataUpdatedAt}
      isNew={id === 'new'}
      load={data && !('error' in data) ? data : undefined}
      failure={data && 'error' in data ? data.error : undefined}
      loading={query.isPending}
      loadError={query.isError ? query.error : null}
      onReload={() => void query.refetch()}
    />
  );
}

interface EditorProps {
  isNew: boolean;
  load?: PlanLoad;
  failure?: string;
  loading: boolean;
  loadError: unknown;
  onReload: () => void;
}

const samePeriod = (a: Period, b: Period) => a[0] === b[0] && a[1] === b[1];

function ForecastEditor({ isNew, load, failure, loading, loadError, onReload }: EditorProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const wide = useWideScreen();
  const plan = load?.plan ?? null;
  const [rows] = useState<ForecastRow[]>(() => (load ? forecastRows(load) : []));
  const initialPeriod: Period = plan ? [plan.periodFrom, plan.periodTo] : [null, null];
  const [period, setPeriod] = useState<Period>(initialPeriod);
  const [periodError, setPeriodError] = useState<{ periodFrom?: string; periodTo?: string }>({});
  const [quantities, setQuantities] = useState<Map<number, number>>(() => new Map(rows.map((row) => [row.id, row.plannedAmount])));
  const [draft, setDraft] = useState<QuantityDraft | null>(null);
  const [lastEdited, setLastEdited] = useState<number | null>(null);
  const [picking, setPicking] = useState(false);

  const quantityChanged = rows.some((row) => quantities.get(row.id) !== row.plannedAmount);
  const draftChanged = draft !== null && draft.value !== quantities.get(draft.productId);
  const dirty = !samePeriod(period, initialPeriod) || quantityChanged || draftChanged;

  const editor = useRecordEditor<unknown>({
    list: '/planning',
    savedMessage: () => t`Forecast saved.`,
    refresh: async () => {
      await queryClient.invalidateQueries({ queryKey: [getClientPlansGetPlansQueryKey()[0]] });
      if (plan) queryClient.removeQueries({ queryKey: getClientPlansGetPlanQueryKey(String(plan.id)) });
    },
    onFieldErrors: (error) => {
      const fields = saveFieldErrors(error);
      setPeriodError({ periodFrom: fields.periodFrom, periodTo: fields.periodTo });
    },
  });
  const { failure: saveError, setFailure: setSaveError, stale } = editor;
  const save = useClientPlansSavePlan({ mutation: editor.mutation });

  /** Applies the open edit; false (and the message shown) when its value breaks the contract's rule. */
  const confirmDraft = (): boolean => {
    if (!draft) return true;
    const error = plannedAmountError(draft.value);
    if (error) {
      setDraft({ ...draft, error });
      return false;
    }
    setQuantities((current) => new Map(current).set(draft.productId, Number(draft.value)));
    setLastEdited(draft.productId);
    setDraft(null);
    return true;
  };
  const startEdit = (productId: number) => {
    if (draft?.productId === productId || !confirmDraft()) return;
    setLastEdited(null); // the focus goes to the new input, not back to the row just confirmed
    setDraft({ productId, value: quantities.get(productId) ?? 0, error: null });
  };
  const cancelDraft = () => {
    setLastEdited(draft?.productId ?? null);
    setDraft(null);
  };

  const submit = () => {
    if (!confirmDraft()) return;
    const errors = periodErrors(period);
    setPeriodError(errors);
    if (errors.periodFrom || errors.periodTo) {
      onInvalidForm();
      return;
    }
    setSaveError(null);
    const amounts = draft ? new Map(quantities).set(draft.productId, Number(draft.value)) : quantities;
    save.mutate({ data: { Plan: planInput(plan, period, amounts) } });
  };

  const title = isNew ? t`New forecast` : t`Forecast`;
  const blocked = loading || Boolean(failure) || Boolean(loadError);
  const periodMessage = periodError.periodFrom ?? periodError.periodTo;
  const chip = (end: 'from' | 'to', day: string | null) => {
    const shown = day ? formatListDate(day) : loading ? '…' : '—';
    return (
      <Badge size="lg" variant="light" color={periodMessage ? 'red' : undefined} radius="xl" tt="none" leftSection={<IconCalendar size={14} />}>
        {end === 'from' ? <Trans>From {shown}</Trans> : <Trans>To {shown}</Trans>}
      </Badge>
    );
  };

  return (
    <Stack>
      <Breadcrumbs>
        <Anchor component={Link} to="/planning">
          <Trans>Forecasts</Trans>
        </Anchor>
        <Text>{title}</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="center">
        <Title order={2}>{title}</Title>
        <Group gap="xs">
          <Button variant="default" onClick={() => void navigate({ to: '/planning' })}>
            <Trans>Cancel</Trans>
          </Button>
          <Button leftSection={<IconDeviceFloppy size={16} />} onClick={submit} loading={save.isPending} disabled={blocked}>
            <Trans>Save plan</Trans>
          </Button>
        </Group>
      </Group>
      {loadError ? (
        // Part 8: the forecast's load says 'There has been an error: ' and why, whether the answer carries the error
        // or the request itself fails.
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text size="sm">{MESSAGES.loadFailed(describeError(loadError))}</Text>
            <Button size="xs" variant="light" color="red" onClick={onReload}>
              <Trans>Retry</Trans>
            </Button>
          </Group>
        </Alert>
      ) : (
        <>
          <Stack gap={4}>
            <Group gap="xs" align="center">
              <Text fw={500} size="sm">
                <Trans>Planned period</Trans>
              </Text>
              <Group gap={6} aria-label={t`Planned period`} role="group">
                {chip('from', period[0])}
                <Text c="dimmed">~</Text>
                {chip('to', period[1])}
              </Group>
              <Popover opened={picking} onChange={setPicking} position="bottom-start" shadow="md" trapFocus>
                <Popover.Target>
                  <Button variant="subtle" size="compact-sm" leftSection={<IconCalendarEvent size={16} />} disabled={blocked} onClick={() => setPicking((open) => !open)}>
                    {period[0] ? t`Change period` : t`Pick period`}
                  </Button>
                </Popover.Target>
                <Popover.Dropdown>
                  <DatePicker
                    type="range"
                    allowSingleDateInRange
                    firstDayOfWeek={1}
                    defaultDate={period[0] ?? undefined}
                    value={period}
                    onChange={(value) => {
                      const next = value as Period;
                      setPeriod(next);
                      if (next[0] && next[1]) {
                        setPeriodError(periodErrors(next));
                        setPicking(false);
                      }
                    }}
                  />
                </Popover.Dropdown>
              </Popover>
            </Group>
            {periodMessage && (
              <Text c="red" size="xs">
                {periodMessage}
              </Text>
            )}
          </Stack>
          <SaveFailed
            error={saveError}
            message={stale ? t`Someone else changed this forecast meanwhile. Reload it and apply your changes again.` : null}
            onClose={() => setSaveError(null)}
            reload={stale ? { label: t`Reload forecast`, onClick: onReload } : null}
          />
          <DataTable<ForecastRow>
            withTableBorder
            striped
            highlightOnHover
            minHeight={180}
            fetching={loading}
            records={rows}
            noRecordsText={failure !== undefined ? MESSAGES.loadFailed(failure) : t`Your company has no products yet, so there is nothing to plan.`}
            columns={[
              // On a phone the article number and the title share a column, so the table fits the screen.
              ...(wide
                ? [
                    { accessor: 'articleNo', title: t`Article no.`, width: 160 },
                    { accessor: 'productName', title: t`Title` },
                  ]
                : [
                    {
                      accessor: 'articleNo',
                      title: t`Article no. / Title`,
                      render: (row: ForecastRow) => (
                        <>
                          <Text size="sm" fw={600}>
                            {row.articleNo}
                          </Text>
                          <Text size="sm">{row.productName}</Text>
                        </>
                      ),
                    },
                  ]),
              {
                accessor: 'plannedAmount',
                title: t`Planned quantity`,
                textAlign: 'right',
                width: wide ? 240 : 170,
                render: (row) => (
                  <PlannedQuantityCell
                    articleNo={row.articleNo}
                    value={quantities.get(row.id) ?? 0}
                    draft={draft?.productId === row.id ? draft : null}
                    focusOnMount={lastEdited === row.id}
                    onStart={() => startEdit(row.id)}
                    onChange={(value) => setDraft({ productId: row.id, value, error: null })}
                    onConfirm={confirmDraft}
                    onCancel={cancelDraft}
                  />
                ),
              },
            ]}
          />
        </>
      )}
      <UnsavedChangesGuard when={editor.guard(() => dirty)} subject={t`This forecast`} />
    </Stack>
  );
}
