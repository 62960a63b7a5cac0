import { Center, Loader, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  getAdminClientsGetProductBuyersQueryKey,
  useAdminClientsGetClients,
  useAdminClientsGetProductBuyers,
  useAdminClientsSaveProductBuyers,
} from '../../../../generated/web/endpoints/clients/clients';
import type { BuyerAssignment, ClientProduct } from '../../../../generated/web/model';
import { DialogActions } from '../../components/DialogActions';
import { SaveFailed } from '../../components/SaveFailed';
import { useInventorySave } from './useInventorySave';
import { QueryError } from '../../components/QueryError';

/** Buyer-type clients (the only ones a product can be assigned to), company ascending. */
const BUYERS_BODY = { pagination: { page: 1, rowsPerPage: 100 as const, sortBy: 'company' as const }, filter: { clientType: '1' as const } };

function BuyersForm({ product, assigned, onClose }: { product: ClientProduct; assigned: BuyerAssignment[]; onClose: () => void }) {
  const [clientIds, setClientIds] = useState(assigned.map((buyer) => buyer.clientId));
  const buyers = useAdminClientsGetClients(BUYERS_BODY);
  const options = new Map<string, string>(assigned.map((buyer) => [buyer.clientId, buyer.company ?? buyer.clientId]));
  for (const client of buyers.data?.rows ?? []) options.set(client.id, client.company ?? client.id);
  const save = useAdminClientsSaveProductBuyers(useInventorySave({ message: 'Buyers assigned.', onClose }));
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
          label="Buyers"
          searchable
          data-autofocus
          placeholder={buyers.isLoading ? 'Loading buyers…' : 'Pick the buyer companies that order this product'}
          nothingFoundMessage="No buyer-type client found"
          data={[...options].map(([value, label]) => ({ value, label }))}
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
  const body = { clientProductId: product.id, clientId: product.clientId };
  const assigned = useAdminClientsGetProductBuyers(body, { query: { queryKey: getAdminClientsGetProductBuyersQueryKey(body), staleTime: 0 } });
  return (
    <Modal opened onClose={onClose} title="Assigned Buyers">
      {assigned.isError ? (
        <QueryError error={assigned.error} onRetry={() => void assigned.refetch()} />
      ) : assigned.data ? (
        <BuyersForm product={product} assigned={assigned.data} onClose={onClose} />
      ) : (
        <Center h={120}>
          <Loader aria-label="Loading buyers" />
        </Center>
      )}
    </Modal>
  );
}
