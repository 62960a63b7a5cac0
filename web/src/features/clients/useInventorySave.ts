import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import {
  getAdminClientsGetClientDetailsQueryKey,
  getAdminClientsGetClientProductsQueryKey,
  getAdminClientsGetProductBuyersQueryKey,
  getAdminClientsGetProductPricesQueryKey,
  getAdminClientsGetProductStockQueryKey,
} from '@generated/endpoints/clients/clients';
import { ApiError } from '../../api/http';
import { problemFieldErrors } from '../../api/validation';

/** Every list of the client inventory a save can change (a price changes the current price, a stock change the bottle stock). */
const INVENTORY_KEYS = [
  getAdminClientsGetClientProductsQueryKey,
  getAdminClientsGetProductStockQueryKey,
  getAdminClientsGetProductPricesQueryKey,
  getAdminClientsGetProductBuyersQueryKey,
  getAdminClientsGetClientDetailsQueryKey,
].map((key) => key()[0]);

/**
 * Mutation options of the inventory dialogs: a success says `message`, reloads the inventory lists and closes;
 * a 400 puts the API's field errors on the form (fields without the request's `wrapper`). Other failures are the
 * dialog's to show (silent here), so it stays open with the user's input.
 */
export function useInventorySave({ message, onClose, setErrors, wrapper }: { message: string; onClose: () => void; setErrors?: (errors: Record<string, string>) => void; wrapper?: string }) {
  const queryClient = useQueryClient();
  return {
    mutation: {
      meta: { silent: true },
      onSuccess: async () => {
        notifications.show({ color: 'green', message });
        await Promise.all(INVENTORY_KEYS.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
        onClose();
      },
      onError: (error: unknown) => {
        if (setErrors && error instanceof ApiError && error.status === 400) setErrors(problemFieldErrors(error, wrapper));
      },
    },
  };
}
