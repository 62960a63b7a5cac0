import { LabelledValue, ShownOnce } from '../../components/ShownOnce';

/** A webhook secret, once: a copy button and the warning that it will not be shown again. */
export function SecretOnce({ secret, rotated, onClose }: { secret: string; rotated: boolean; onClose: () => void }) {
  return (
    <ShownOnce
      warning={{
        title: 'Copy the signing secret now',
        text: (
          <>
            This is the only time the secret is shown. The receiver verifies each delivery&apos;s webhook-signature with it (Standard Webhooks).
            {rotated ? ' The previous secret keeps signing beside it for a while, so the receiver can switch without losing a delivery.' : ''}
          </>
        ),
      }}
      copy={{ value: secret, label: 'Copy secret' }}
      onClose={onClose}
    >
      <LabelledValue id="secret-label" label="Signing secret" value={secret} />
    </ShownOnce>
  );
}
