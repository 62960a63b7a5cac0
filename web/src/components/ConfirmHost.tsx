import { ModalsProvider } from '@mantine/modals';
import { ConfirmHostReady } from './confirm';

/** The confirmations' host, loaded by `AppProviders` when `openConfirm` first asks for it (components/confirm.tsx). */
export default function ConfirmHost() {
  return (
    <>
      <ModalsProvider />
      <ConfirmHostReady />
    </>
  );
}
