import '@mantine/dates/styles.css';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Breadcrumbs, Button, Divider, Grid, Group, NumberInput, Select, Stack, Text, Textarea, Title, type ComboboxItem } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { IconDeviceFloppy, IconLock, IconPrinter } from '@tabler/icons-react';
import {
  adminClaimsGetClaimOrders,
  adminClaimsGetClaimProducts,
  clientClaimsGetClaimOrders,
  getAdminClaimsGetClaimOrdersQueryKey,
  getAdminClaimsGetClaimProductsQueryKey,
  getClientClaimsGetClaimOrdersQueryKey,
} from '@generated/endpoints/claims/claims';
import { adminClientsGetClients, getAdminClientsGetClientsQueryKey } from '@generated/endpoints/clients/clients';
import { clientPortfolioGetPortfolio, getClientPortfolioGetPortfolioQueryKey } from '@generated/endpoints/portfolio/portfolio';
import type { Claim, ClaimStatus, Upload } from '@generated/model';
import { adminClaimsGetClaimProductsBodyFilterMax, clientClaimsGetClaimOrdersBodyFilterMax } from '@generated/zod/claims/claims.zod';
import { MESSAGES } from '../../api/messages';
import { idempotencyKey, saveFile } from '../../api/http';
import { problemFieldErrors } from '../../api/validation';
import { useAppContext } from '../../app/context';
import { describeError } from '../../api/describeError';
import { NotFoundPage } from '../../components/NotFoundPage';
import { numberInputSeparators } from '../../components/format';
import { dayInputProps } from '../../components/dates';
import { SaveFailed } from '../../components/SaveFailed';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard';
import { ClaimAttachments } from './ClaimAttachments';
import { EightDReport } from './EightDReport';
import { ClaimLots, ClaimTrace } from './ClaimTrace';
import { claimFormValues, claimInput, validateClaim, type ClaimFormValues } from './claimForm';
import { CLAIM_STATUSES, productLabel, reportFileName, SEARCH_DEBOUNCE, STATUS_LABELS, useClaimsApi, type ClaimsApi } from './claimsApi';
import { StatusChip } from './StatusChip';
import { useClaimAttachments } from './useClaimAttachments';
import { onInvalidForm } from '../../components/invalidForm';
import { useRecordEditor } from '../../components/useRecordEditor';
import { isRecordId, RecordLoad, recordIdOf } from '../../components/RecordLoad';
import { documentLanguage } from '../../i18n/locales';
import './catalogue';

const LIST = '/claims';

/**
 * /claims/{id} and /claims/new on both faces (the admin logs a claim on a client's behalf, the client chosen first).
 * Reads the claim fresh on arrival (an unknown or another company's id: the API's 404 with Retry) and hands it to the
 * form; a new version read starts it over.
 */
export default function ClaimEditPage() {
  const { t } = useLingui();
  const api = useClaimsApi();
  const { id } = useParams({ strict: false }) as { id?: string };
  const claimId = recordIdOf(id);
  const body = { id: claimId ?? 0 };
  const valid = isRecordId(claimId);
  const query = useQuery({
    queryKey: api.claimKey(body),
    queryFn: ({ signal }) => api.getClaim(body, signal),
    enabled: valid,
    refetchOnMount: 'always',
    refetchOnReconnect: false,
    staleTime: Infinity,
  });
  // Client users report claims; the admin (the GP) answers them and logs them on a client's behalf.
  if (claimId === null) return <ClaimForm api={api} claim={null} />;
  if (!valid) return <NotFoundPage />;
  return (
    <RecordLoad query={query} label={t`Loading claim`}>
      {(claim) => <ClaimForm key={`${claim.id}@${claim.version}`} api={api} claim={claim} onReload={() => void query.refetch()} />}
    </RecordLoad>
  );
}

const serverFiltered = ({ options }: { options: ComboboxItem[] | unknown[] }) => options as ComboboxItem[];

/** Keeps the chosen option in the list even when the latest lookup answer no longer has it. */
function withChosen(options: ComboboxItem[], chosen: ComboboxItem | null) {
  return chosen && !options.some((option) => option.value === chosen.value) ? [chosen, ...options] : options;
}

/**
 * The admin's 'Client' select (a new claim only): the clients looked up on the server by the typed company name,
 * after the 300 ms debounce.
 */
function useClientOptions(enabled: boolean, search: string, chosen: ComboboxItem | null) {
  const [typed] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE);
  const filter = typed && typed !== chosen?.label ? typed : '';
  const body = { pagination: { page: 1, rowsPerPage: 20 as const, sortBy: 'company' as const }, ...(filter ? { filter: { search: filter } } : {}) };
  const query = useQuery({
    queryKey: getAdminClientsGetClientsQueryKey(body),
    queryFn: ({ signal }) => adminClientsGetClients(body, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
  const options = (query.data?.rows ?? []).map((client) => ({ value: client.id, label: client.company ?? client.id }));
  return { options: withChosen(options, chosen), loading: query.isFetching, error: query.error };
}

/**
 * The products the 'Bottle article number' select offers: for a client user those it can order (its portfolio: its
 * own and a seller's assigned to it); for the admin those the claim's client can order, looked up on the server by
 * the typed article number or name (claims/products/filter), so no product is out of reach.
 */
function useProductOptions(api: ClaimsApi, clientId: string | null, search: string, chosen: ComboboxItem | null) {
  const [typed] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE);
  const filter = typed && typed !== chosen?.label ? typed.slice(0, adminClaimsGetClaimProductsBodyFilterMax) : undefined;
  const adminBody = { clientId: clientId ?? '', ...(filter ? { filter } : {}) };
  const admin = useQuery({
    queryKey: getAdminClaimsGetClaimProductsQueryKey(adminBody),
    queryFn: ({ signal }) => adminClaimsGetClaimProducts(adminBody, signal),
    enabled: api.face === 'admin' && clientId != null,
    placeholderData: keepPreviousData,
  });
  const client = useQuery({
    queryKey: getClientPortfolioGetPortfolioQueryKey(),
    queryFn: ({ signal }) => clientPortfolioGetPortfolio(signal),
    enabled: api.face === 'client',
  });
  const products = (api.face === 'admin' ? (clientId != null ? admin.data?.rows : []) : client.data?.clientProducts) ?? [];
  const options = products.map((product) => ({ value: String(product.id), label: productLabel(product) }));
  return {
    options: withChosen(options, chosen),
    // the admin's list is the server's answer; the client's portfolio is filtered as typed
    filter: api.face === 'admin' ? serverFiltered : undefined,
    loading: admin.isFetching || client.isFetching,
    error: admin.error ?? client.error,
  };
}

/**
 * The 'Order Number' options: the chosen product's orders, narrowed by the typed text: the caller's own
 * (claims/orders/filter) or, for the admin, the claim's client's (admin claims/orders/filter).
 */
function useOrderOptions(api: ClaimsApi, clientId: string | null, productId: string | null, search: string, chosen: ComboboxItem | null) {
  const [typed] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE);
  // Showing the chosen order's number in the box is no search.
  const filter = typed && typed !== chosen?.label ? typed.slice(0, clientClaimsGetClaimOrdersBodyFilterMax) : undefined;
  const body = { clientProductId: Number(productId), ...(filter ? { filter } : {}) };
  const adminBody = { ...body, clientId: clientId ?? '' };
  const client = useQuery({
    queryKey: getClientClaimsGetClaimOrdersQueryKey(body),
    queryFn: ({ signal }) => clientClaimsGetClaimOrders(body, signal),
    enabled: api.face === 'client' && productId != null,
    placeholderData: keepPreviousData,
  });
  const admin = useQuery({
    queryKey: getAdminClaimsGetClaimOrdersQueryKey(adminBody),
    queryFn: ({ signal }) => adminClaimsGetClaimOrders(adminBody, signal),
    enabled: api.face === 'admin' && productId != null && clientId != null,
    placeholderData: keepPreviousData,
  });
  const query = api.face === 'admin' ? admin : client;
  const options = (productId != null ? (query.data?.rows ?? []) : []).map((order) => ({ value: String(order.id), label: order.orderNo }));
  return { options: withChosen(options, chosen), loading: query.isFetching, error: query.error };
}

/**
 * The claim editor: Status (existing claims only, read-only once closed), Print (PDF), 'Bottle article number',
 * 'Order Number', 'Rejected quantity:', 'Delivery Date', 'Problem Description:', the attached photos, and under
 * 'Filled by the GP' the three GP fields (the short form) and the 8D report, disabled for client users. 'Save report' saves and returns to the list;
 * Cancel returns to the list, cancelling pending uploads. A closed claim is locked whole. A failed save keeps every
 * edit and says why.
 */
function ClaimForm({ api, claim, onReload }: { api: ClaimsApi; claim: Claim | null; onReload?: () => void }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { session } = useAppContext();
  const isGp = api.face === 'admin';
  const closed = claim?.status === 'closed';
  // A claim a buyer filed about the company's product: the seller reads and prints it; only the buyer changes it.
  const othersClaim =
    !isGp && claim !== null && (session.user.clientType === 'seller' || (session.user.company !== null && claim.company !== session.user.company));
  const locked = closed || othersClaim;
  const attachments = useClaimAttachments(claim?.Uploads ?? [], () => session.accessToken());

  const form = useForm<ClaimFormValues>({
    mode: 'controlled',
    initialValues: claimFormValues(claim),
    validateInputOnBlur: true,
    // The admin logging a claim picks the client first (part 5's 'Field is required.' when missing).
    validate: (values) => ({ ...validateClaim(values), ...(isGp && !claim && !values.clientId ? { clientId: MESSAGES.required } : {}) }),
    onValuesChange: (values, previous) => {
      if (values.clientId !== previous.clientId && values.clientProductId !== null) form.setFieldValue('clientProductId', null);
      if (values.clientProductId !== previous.clientProductId) form.setFieldValue('clientProductionOrderId', null);
    },
  });
  const values = form.getValues();

  const [clientSearch, setClientSearch] = useState('');
  const [chosenClient, setChosenClient] = useState<ComboboxItem | null>(null);
  const clients = useClientOptions(isGp && !claim, clientSearch, chosenClient);
  const [productSearch, setProductSearch] = useState('');
  const [chosenProduct, setChosenProduct] = useState<ComboboxItem | null>(
    claim ? { value: String(claim.clientProductId), label: productLabel(claim.ClientProduct) } : null,
  );
  const products = useProductOptions(api, values.clientId, productSearch, chosenProduct);
  const [orderSearch, setOrderSearch] = useState('');
  const initialOrder =
    claim && values.clientProductId === String(claim.clientProductId)
      ? { value: String(claim.clientProductionOrderId), label: claim.ClientProductionOrder.orderNo }
      : null;
  const orders = useOrderOptions(api, values.clientId, values.clientProductId, orderSearch, initialOrder);

  const editor = useRecordEditor<Claim>({
    list: LIST,
    savedMessage: ({ id }) => t`Claim ${id} saved.`,
    refresh: (saved) => {
      attachments.markSaved();
      queryClient.setQueryData(api.claimKey({ id: saved.id }), saved);
      return queryClient.invalidateQueries({ queryKey: [api.claimsKey()[0]] });
    },
    onFieldErrors: (error) => form.setErrors(problemFieldErrors(error, 'Claim')),
  });
  const { failure, setFailure, stale } = editor;
  const save = useMutation({
    mutationFn: (values: ClaimFormValues) =>
      // One key per save attempt: a retry of this attempt (after a 503 or a lost answer) cannot make a second claim.
      api.saveClaim(
        {
          Claim: {
            ...claimInput(values, { existing: claim, writesGpFields: isGp }),
            ...(isGp && !claim && values.clientId ? { clientId: values.clientId } : {}),
            Uploads: attachments.uploads,
          },
        },
        idempotencyKey(),
      ),
    ...editor.mutation,
  });

  const print = useMutation({
    mutationFn: (id: number) => {
      // The report in the person's language, not the company's default (the API's `language` parameter).
      const language = documentLanguage();
      return api.downloadClaim({ id, userProfile: { fullName: session.user.name, ...(session.user.email ? { email: session.user.email } : {}) } }, language ? { language } : undefined);
    },
    meta: { silent: true },
    onSuccess: (file, id) => saveFile(file, reportFileName(id)),
    onError: (error) => notifications.show({ color: 'red', role: 'alert', title: t`Report not downloaded`, message: describeError(error) }),
  });
  const download = useMutation({
    mutationFn: (upload: Upload) => api.downloadUpload({ id: upload.id }),
    meta: { silent: true },
    onSuccess: (file, upload) => saveFile(file, upload.originalFilename),
    onError: (error, { originalFilename }) => notifications.show({ color: 'red', role: 'alert', title: t`${originalFilename} not downloaded`, message: describeError(error) }),
  });

  const submit = form.onSubmit(
    (values) => {
      setFailure(null);
      save.mutate(values);
    },
    onInvalidForm,
  );

  // The status select shows part 9's capitalised words ('Under Investigation') in English and sends the wire values.
  const statusOptions = CLAIM_STATUSES.map((status) => ({ value: status, label: i18n._(STATUS_LABELS[status]) }));
  const id = claim?.id;
  const title = claim ? t`Claim ${id}` : t`New claim`;
  const otherCompany = claim?.company ?? t`Another company`;
  return (
    <>
      <form onSubmit={submit} noValidate>
        <Stack maw={960}>
          <Breadcrumbs>
            <Anchor component={Link} to={LIST}>
              <Trans>Non-Conformance Reports</Trans>
            </Anchor>
            <Text>{claim ? claim.id : t`New claim`}</Text>
          </Breadcrumbs>
          <Group justify="space-between" align="flex-end">
            <Group gap="sm" align="center">
              <Title order={2}>{title}</Title>
              {claim && <StatusChip status={claim.status} />}
              {isGp && claim?.company && <Text c="dimmed">{claim.company}</Text>}
            </Group>
            <Group gap="xs" align="flex-end">
              <Select
                label={t`Status`}
                w={220}
                data={statusOptions}
                allowDeselect={false}
                disabled={!claim || locked}
                {...form.getInputProps('status')}
                onChange={(value) => value && form.setFieldValue('status', value as ClaimStatus)}
              />
              <Button
                variant="default"
                leftSection={<IconPrinter size={16} />}
                disabled={!claim}
                loading={print.isPending}
                onClick={() => claim && print.mutate(claim.id)}
              >
                <Trans>Print</Trans>
              </Button>
            </Group>
          </Group>
          {closed && (
            <Alert color="blue" icon={<IconLock size={16} />}>
              <Trans>This claim is closed: it can be printed, but no longer changed.</Trans>
            </Alert>
          )}
          {othersClaim && !closed && (
            <Alert color="blue" icon={<IconLock size={16} />}>
              <Trans>{otherCompany} filed this claim about your product: you can read and print it; only they change it.</Trans>
            </Alert>
          )}
          <SaveFailed error={failure} onClose={() => setFailure(null)} reload={stale && onReload ? { label: t`Reload claim`, onClick: onReload } : null} />
          {(clients.error ?? products.error ?? orders.error) != null && (
            <Alert color="red" title={t`Could not load the choices`}>
              {describeError(clients.error ?? products.error ?? orders.error)}
            </Alert>
          )}
          <Grid>
            {isGp && !claim && (
              <Grid.Col span={12}>
                <Select
                  label={t`Client`}
                  description={t`The company the claim is for; its products and orders follow.`}
                  placeholder={t`Search clients`}
                  required
                  searchable
                  data-autofocus
                  data={clients.options}
                  filter={serverFiltered}
                  searchValue={clientSearch}
                  onSearchChange={setClientSearch}
                  nothingFoundMessage={clients.loading ? t`Loading…` : t`No client matches.`}
                  {...form.getInputProps('clientId')}
                  onChange={(value, option) => {
                    setChosenClient(value ? option : null);
                    form.setFieldValue('clientId', value);
                  }}
                />
              </Grid.Col>
            )}
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label={t`Bottle article number`}
                required
                searchable
                disabled={locked || (isGp && values.clientId == null)}
                placeholder={isGp && values.clientId == null ? t`Pick the client first` : undefined}
                data={products.options}
                filter={products.filter}
                onSearchChange={setProductSearch}
                nothingFoundMessage={products.loading ? t`Loading…` : t`No product matches.`}
                data-autofocus={claim || isGp ? undefined : true}
                {...form.getInputProps('clientProductId')}
                onChange={(value, option) => {
                  setChosenProduct(value ? option : null);
                  form.setFieldValue('clientProductId', value);
                }}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label={t`Order Number`}
                required
                searchable
                disabled={locked || values.clientProductId == null}
                placeholder={values.clientProductId == null ? t`Pick the article first` : undefined}
                data={orders.options}
                onSearchChange={setOrderSearch}
                nothingFoundMessage={orders.loading ? t`Loading…` : t`No order of this article matches.`}
                {...form.getInputProps('clientProductionOrderId')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <NumberInput
                label={t`Rejected quantity:`}
                required
                min={1}
                allowNegative={false}
                allowDecimal={false}
                thousandSeparator={numberInputSeparators().thousandSeparator}
                decimalSeparator={numberInputSeparators().decimalSeparator}
                hideControls
                disabled={locked}
                {...form.getInputProps('amount')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <DateInput
                label={t`Delivery Date`}
                required
                clearable
                {...dayInputProps()}
                firstDayOfWeek={1}
                disabled={locked}
                popoverProps={{ withinPortal: true }}
                {...form.getInputProps('deliveryDate')}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <Textarea label={t`Problem Description:`} required rows={4} resize="vertical" disabled={locked} {...form.getInputProps('description')} />
            </Grid.Col>
            <Grid.Col span={12}>
              <ClaimAttachments
                items={attachments.items}
                onAdd={isGp || othersClaim ? undefined : attachments.add}
                onRemove={attachments.remove}
                onKeep={attachments.keep}
                onDownload={(upload) => download.mutate(upload)}
                onLoad={(upload) => api.downloadUpload({ id: upload.id })}
                face={api.face}
                disabled={locked}
              />
            </Grid.Col>
          </Grid>
          <Divider mt="sm" />
          <Title order={4}>
            <Trans>Filled by the GP</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>Short form</Trans>
          </Text>
          <Stack gap="sm">
            {(
              [
                ['immediateAction', t`Immediate Action:`],
                ['rootCouse', t`Root Cause:`],
                ['correctiveActions', t`Corrective Actions:`],
              ] as const
            ).map(([field, label]) => (
              <Textarea key={field} label={label} rows={3} resize="vertical" disabled={locked || !isGp} {...form.getInputProps(field)} />
            ))}
          </Stack>
          <EightDReport
            form={form}
            claim={claim}
            isGp={isGp}
            locked={locked}
            onFilled={(saved) => {
              // A new version: the page starts the editor over from it (nothing was unsaved: the fill waits for a save).
              queryClient.setQueryData(api.claimKey({ id: saved.id }), saved);
              void queryClient.invalidateQueries({ queryKey: [api.claimsKey()[0]] });
            }}
          />
          {claim && (isGp ? <ClaimTrace claim={claim} /> : <ClaimLots claim={claim} />)}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void navigate({ to: LIST })} disabled={save.isPending}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              type="submit"
              leftSection={<IconDeviceFloppy size={16} />}
              loading={save.isPending}
              disabled={locked || attachments.busy}
              onMouseDown={(event) => event.preventDefault()}
            >
              <Trans>Save report</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
      <UnsavedChangesGuard when={editor.guard(() => form.isDirty() || attachments.changed)} subject={t`This claim`} />
    </>
  );
}
