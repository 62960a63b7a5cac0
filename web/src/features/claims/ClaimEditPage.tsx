import '@mantine/dates/styles.css';
import { useRef, useState } from 'react';
import { Alert, Anchor, Breadcrumbs, Button, Center, Divider, Grid, Group, Loader, NumberInput, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { IconDeviceFloppy, IconLock, IconPrinter } from '@tabler/icons-react';
import { clientClaimsGetClaimOrders, getClientClaimsGetClaimOrdersQueryKey } from '../../../../generated/web/endpoints/claims/claims';
import { adminClientsGetClientProducts, getAdminClientsGetClientProductsQueryKey } from '../../../../generated/web/endpoints/clients/clients';
import { clientPortfolioGetPortfolio, getClientPortfolioGetPortfolioQueryKey } from '../../../../generated/web/endpoints/portfolio/portfolio';
import type { Claim, ClaimStatus, Upload } from '../../../../generated/web/model';
import { clientClaimsGetClaimOrdersBodyFilterMax } from '../../../../generated/web/zod/claims/claims.zod';
import { ApiError, idempotencyKey, saveFile } from '../../api/http';
import { problemFieldErrors } from '../../api/validation';
import { useAppContext } from '../../app/context';
import { describeError } from '../../app/providers';
import { NotFoundPage } from '../../components/NotFoundPage';
import { QueryError } from '../../components/QueryError';
import { SaveFailed } from '../../components/SaveFailed';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard';
import { ClaimAttachments } from './ClaimAttachments';
import { claimFormValues, claimInput, validateClaim, type ClaimFormValues } from './claimForm';
import { CLAIM_STATUSES, productLabel, reportFileName, SEARCH_DEBOUNCE, useClaimsApi, type ClaimsApi } from './claimsApi';
import { StatusChip } from './StatusChip';
import { useClaimAttachments } from './useClaimAttachments';
import { onInvalidForm } from '../../components/invalidForm';

const LIST = '/claims';

/**
 * /claims/{id} on both faces and /claims/new on the client face. Reads the claim fresh on arrival (an unknown or
 * another company's id: the API's 404 with Retry) and hands it to the form; a new version read starts it over.
 */
export default function ClaimEditPage() {
  const api = useClaimsApi();
  const { id } = useParams({ strict: false }) as { id?: string };
  const claimId = id === undefined || id === 'new' ? null : Number(id);
  const body = { id: claimId ?? 0 };
  const valid = claimId !== null && Number.isInteger(claimId) && claimId > 0;
  const query = useQuery({
    queryKey: api.claimKey(body),
    queryFn: ({ signal }) => api.getClaim(body, signal),
    enabled: valid,
    refetchOnMount: 'always',
    refetchOnReconnect: false,
    staleTime: Infinity,
  });
  // Only client users report claims; the admin (the GP) answers them.
  if (claimId === null) return api.face === 'client' ? <ClaimForm api={api} claim={null} /> : <NotFoundPage />;
  if (!valid) return <NotFoundPage />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) {
    return (
      <Center mih={200}>
        <Loader aria-label="Loading claim" />
      </Center>
    );
  }
  return <ClaimForm key={`${query.data.id}@${query.data.version}`} api={api} claim={query.data} onReload={() => void query.refetch()} />;
}

/** The products the 'Bottle article number' select offers: the client's own, or (admin) those of the claim's client. */
function useProductOptions(api: ClaimsApi, claim: Claim | null) {
  const adminBody = { clientId: claim?.clientId ?? '', pagination: { page: 1, rowsPerPage: 100 as const, sortBy: 'articleNo' as const } };
  const admin = useQuery({
    queryKey: getAdminClientsGetClientProductsQueryKey(adminBody),
    queryFn: ({ signal }) => adminClientsGetClientProducts(adminBody, signal),
    enabled: api.face === 'admin' && claim != null,
  });
  const client = useQuery({
    queryKey: getClientPortfolioGetPortfolioQueryKey(),
    queryFn: ({ signal }) => clientPortfolioGetPortfolio(signal),
    enabled: api.face === 'client',
  });
  const products = (api.face === 'admin' ? admin.data?.rows : client.data?.clientProducts) ?? [];
  const options = products.map((product) => ({ value: String(product.id), label: productLabel(product) }));
  // The claim's own product stays choosable even when the list no longer offers it.
  if (claim && !options.some((option) => option.value === String(claim.clientProductId))) {
    options.unshift({ value: String(claim.clientProductId), label: productLabel(claim.ClientProduct) });
  }
  return { options, loading: admin.isFetching || client.isFetching, error: admin.error ?? client.error };
}

/** The 'Order Number' options: the chosen product's orders (claims/orders/filter), narrowed by the typed text. */
function useOrderOptions(productId: string | null, search: string, chosen: { value: string; label: string } | null) {
  const [typed] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE);
  // Showing the chosen order's number in the box is no search.
  const filter = typed && typed !== chosen?.label ? typed.slice(0, clientClaimsGetClaimOrdersBodyFilterMax) : undefined;
  const body = { clientProductId: Number(productId), ...(filter ? { filter } : {}) };
  const query = useQuery({
    queryKey: getClientClaimsGetClaimOrdersQueryKey(body),
    queryFn: ({ signal }) => clientClaimsGetClaimOrders(body, signal),
    enabled: productId != null,
    placeholderData: keepPreviousData,
  });
  const options = (productId != null ? (query.data?.rows ?? []) : []).map((order) => ({ value: String(order.id), label: order.orderNo }));
  if (chosen && !options.some((option) => option.value === chosen.value)) options.unshift(chosen);
  return { options, loading: query.isFetching, error: query.error };
}

/**
 * The claim editor: Status (existing claims only, read-only once closed), Print (PDF), 'Bottle article number',
 * 'Order Number', 'Rejected quantity:', 'Delivery Date', 'Problem Description:', the attached photos, and under
 * 'Filled by the GP' the three GP fields (disabled for client users). 'Save report' saves and returns to the list;
 * Cancel returns to the list, cancelling pending uploads. A closed claim is locked whole. A failed save keeps every
 * edit and says why.
 */
function ClaimForm({ api, claim, onReload }: { api: ClaimsApi; claim: Claim | null; onReload?: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { session } = useAppContext();
  const isGp = api.face === 'admin';
  const locked = claim?.status === 'closed';
  const [failure, setFailure] = useState<unknown>(null);
  const leaving = useRef(false);
  const attachments = useClaimAttachments(claim?.Uploads ?? [], () => session.accessToken());

  const form = useForm<ClaimFormValues>({
    mode: 'controlled',
    initialValues: claimFormValues(claim),
    validateInputOnBlur: true,
    validate: validateClaim,
    onValuesChange: (values, previous) => {
      if (values.clientProductId !== previous.clientProductId) form.setFieldValue('clientProductionOrderId', null);
    },
  });
  const values = form.getValues();

  const products = useProductOptions(api, claim);
  const [orderSearch, setOrderSearch] = useState('');
  const initialOrder =
    claim && values.clientProductId === String(claim.clientProductId)
      ? { value: String(claim.clientProductionOrderId), label: claim.ClientProductionOrder.orderNo }
      : null;
  const orders = useOrderOptions(values.clientProductId, orderSearch, initialOrder);

  const save = useMutation({
    mutationFn: (values: ClaimFormValues) =>
      // One key per save attempt: a retry of this attempt (after a 503 or a lost answer) cannot make a second claim.
      api.saveClaim({ Claim: { ...claimInput(values, { existing: claim, writesGpFields: isGp }), Uploads: attachments.uploads } }, idempotencyKey()),
    meta: { silent: true }, // the page says why itself
    onSuccess: async (saved) => {
      attachments.markSaved(!isGp);
      notifications.show({ color: 'green', message: `Claim ${saved.id} saved.` });
      queryClient.setQueryData(api.claimKey({ id: saved.id }), saved);
      await queryClient.invalidateQueries({ queryKey: [api.claimsKey()[0]] });
      leaving.current = true;
      await navigate({ to: LIST });
    },
    onError: (error) => {
      setFailure(error);
      if (error instanceof ApiError && error.status === 400) form.setErrors(problemFieldErrors(error, 'Claim'));
    },
  });

  const print = useMutation({
    mutationFn: (id: number) => api.downloadClaim({ id, userProfile: { fullName: session.user.name, ...(session.user.email ? { email: session.user.email } : {}) } }),
    meta: { silent: true },
    onSuccess: (file, id) => saveFile(file, reportFileName(id)),
    onError: (error) => notifications.show({ color: 'red', role: 'alert', title: 'Report not downloaded', message: describeError(error) }),
  });
  const download = useMutation({
    mutationFn: (upload: Upload) => api.downloadUpload({ id: upload.id }),
    meta: { silent: true },
    onSuccess: (file, upload) => saveFile(file, upload.originalFilename),
    onError: (error, upload) => notifications.show({ color: 'red', role: 'alert', title: `${upload.originalFilename} not downloaded`, message: describeError(error) }),
  });

  const submit = form.onSubmit(
    (values) => {
      setFailure(null);
      save.mutate(values);
    },
    onInvalidForm,
  );

  const stale = failure instanceof ApiError && failure.status === 409;
  const title = claim ? `Claim ${claim.id}` : 'New claim';
  return (
    <>
      <form onSubmit={submit} noValidate>
        <Stack maw={960}>
          <Breadcrumbs>
            <Anchor component={Link} to={LIST}>
              Non-Conformance Reports
            </Anchor>
            <Text>{claim ? claim.id : 'New claim'}</Text>
          </Breadcrumbs>
          <Group justify="space-between" align="flex-end">
            <Group gap="sm" align="center">
              <Title order={2}>{title}</Title>
              {claim && <StatusChip status={claim.status} />}
              {isGp && claim?.company && <Text c="dimmed">{claim.company}</Text>}
            </Group>
            <Group gap="xs" align="flex-end">
              <Select
                label="Status"
                w={220}
                data={CLAIM_STATUSES}
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
                Print
              </Button>
            </Group>
          </Group>
          {locked && (
            <Alert color="blue" icon={<IconLock size={16} />}>
              This claim is closed: it can be printed, but no longer changed.
            </Alert>
          )}
          <SaveFailed error={failure} onClose={() => setFailure(null)} reload={stale && onReload ? { label: 'Reload claim', onClick: onReload } : null} />
          {(products.error ?? orders.error) != null && (
            <Alert color="red" title="Could not load the choices">
              {describeError(products.error ?? orders.error)}
            </Alert>
          )}
          <Grid>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label="Bottle article number"
                required
                searchable
                disabled={locked}
                data={products.options}
                nothingFoundMessage={products.loading ? 'Loading…' : 'No product matches.'}
                data-autofocus={claim ? undefined : true}
                {...form.getInputProps('clientProductId')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label="Order Number"
                required
                searchable
                disabled={locked || values.clientProductId == null}
                placeholder={values.clientProductId == null ? 'Pick the article first' : undefined}
                data={orders.options}
                onSearchChange={setOrderSearch}
                nothingFoundMessage={orders.loading ? 'Loading…' : 'No order of this article matches.'}
                {...form.getInputProps('clientProductionOrderId')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <NumberInput
                label="Rejected quantity:"
                required
                min={1}
                allowNegative={false}
                allowDecimal={false}
                thousandSeparator=","
                hideControls
                disabled={locked}
                {...form.getInputProps('amount')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <DateInput
                label="Delivery Date"
                required
                clearable
                valueFormat="MM.DD.YYYY"
                placeholder="MM.DD.YYYY"
                firstDayOfWeek={1}
                disabled={locked}
                popoverProps={{ withinPortal: true }}
                {...form.getInputProps('deliveryDate')}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <Textarea label="Problem Description:" required rows={4} resize="vertical" disabled={locked} {...form.getInputProps('description')} />
            </Grid.Col>
            <Grid.Col span={12}>
              <ClaimAttachments
                items={attachments.items}
                onAdd={isGp ? undefined : attachments.add}
                onRemove={attachments.remove}
                onDownload={(upload) => download.mutate(upload)}
                disabled={locked}
              />
            </Grid.Col>
          </Grid>
          <Divider mt="sm" />
          <Title order={4}>Filled by the GP</Title>
          <Stack gap="sm">
            {(
              [
                ['immediateAction', 'Immediate Action:'],
                ['rootCouse', 'Root Cause:'],
                ['correctiveActions', 'Corrective Actions:'],
              ] as const
            ).map(([field, label]) => (
              <Textarea key={field} label={label} rows={3} resize="vertical" disabled={locked || !isGp} {...form.getInputProps(field)} />
            ))}
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void navigate({ to: LIST })} disabled={save.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              leftSection={<IconDeviceFloppy size={16} />}
              loading={save.isPending}
              disabled={locked || attachments.busy}
              onMouseDown={(event) => event.preventDefault()}
            >
              Save report
            </Button>
          </Group>
        </Stack>
      </form>
      <UnsavedChangesGuard when={() => !leaving.current && (form.isDirty() || attachments.changed)} subject="This claim" />
    </>
  );
}
