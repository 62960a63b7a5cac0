import { useLingui } from '@lingui/react/macro';
import { Center, Loader, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  getAdminClientsGetClientsQueryOptions,
  getAdminClientsGetProductBuyersQueryKey,
  useAdminClientsGetProductBuyers,
  useAdminClientsSaveProductBuyers,
} from '@generated/endpoints/clients/clients';
import type { BuyerAssignment, ClientProduct } from '@generated/model';
import { DialogActions } from '../../components/DialogActions';
import { SaveFailed } from '../../components/SaveFailed';
import { useInventorySave } from './useInventorySave';
import { QueryError } from '../../components/QueryError';
import { useServerLookup } from '../../components/useServerLookup';
import './catalogue';

/** Buyer-type clients (the only ones a product can be assigned to), company ascending: the first 20, or those whose company contains the typed text. */
const buyersQuery = (search: string) =>
  getAdminClientsGetClientsQueryOptions({
    pagination: { page: 1, rowsPerPage: 20, sortBy: 'company' },
    filter: { clientType: '1', ...(search ? { search } : {}) },
  });
const buyerOption = (client: { id: string; company?: string | null }) => ({ value: client.id, label: client.company ?? client.id });

function BuyersForm({ product, assigned, onClose }: { product: ClientProduct; assigned: BuyerAssignment[]; onClose: () => void }) {
  const { t } = useLingui();
  const [clientIds, setClientIds] = useState(assigned.map((buyer) => buyer.clientId));
  const buyers = useServerLookup({
    query: buyersQuery,
    option: buyerOption,
    value: clientIds,
    known: assigned.map((buyer) => buyerOption({ id: buyer.clientId, company: buyer.company })),
    browse: true,
    what: t`buyer-type clients`,
  });
  const save = useAdminClientsSaveProductBuyers(useInventorySave({ message: t`Buyers assigned.`, onClose }));
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ data: { clientIds, clientProductId: product.id } });
      }}
    >
      <Stack>
        <Text size="sm">
          {product.articleNo} - {product.productName}
        </Text>
        <MultiSelect
          label={t`Buyers`}
          data-autofocus
          placeholder={t`Search the buyer companies that order this product`}
          {...buyers.props}
          value={clientIds}
          onChange={setClientIds}
        />
        <SaveFailed error={save.error} />
        <DialogActions onCancel={onClose} pending={save.isPending} />
      </Stack>
    </form>
  );
}

/** 'Assigned Buyers': the buyer-type clients that may order this (seller's) product; saving replaces the list. */
export default function BuyersDialog({ product, onClose }: { product: ClientProduct; onClose: () => void }) {
  const { t } = useLingui();
  const body = { clientProductId: product.id, clientId: product.clientId };
  const assigned = useAdminClientsGetProductBuyers(body, { query: { queryKey: getAdminClientsGetProductBuyersQueryKey(body), staleTime: 0 } });
  return (
    <Modal opened onClose={onClose} title={t`Assigned Buyers`}>
      {assigned.isError ? (
        <QueryError error={assigned.error} onRetry={() => void assigned.refetch()} />
      ) : assigned.data ? (
        <BuyersForm product={product} assigned={assigned.data} onClose={onClose} />
      ) : (
        <Center h={120}>
          <Loader role="status" aria-label={t`Loading buyers`} />
        </Center>
      )}
    </Modal>
  );
}
