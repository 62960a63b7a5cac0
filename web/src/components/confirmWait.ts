/**
 * `openConfirm`'s wait until the confirmations' host listens (components/confirm.tsx), resolved by the host itself
 * (ConfirmHost.tsx). Apart from both so that neither imports the other.
 */
export const hostWait: { current?: { promise: Promise<void>; resolve: () => void } } = {};
