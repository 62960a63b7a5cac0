import { Trans, useLingui } from '@lingui/react/macro';
import { LabelledValue, ShownOnce } from '../../components/ShownOnce';
import './catalogue';

/** A webhook secret, once: a copy button and the warning that it will not be shown again. */
export function SecretOnce({ secret, rotated, onClose }: { secret: string; rotated: boolean; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <ShownOnce
      warning={{
        title: t`Copy the signing secret now`,
        text: rotated ? (
          <Trans>
            This is the only time the secret is shown. The receiver verifies each delivery&apos;s webhook-signature with it (Standard Webhooks). The
            previous secret keeps signing beside it for a while, so the receiver can switch without losing a delivery.
          </Trans>
        ) : (
          <Trans>This is the only time the secret is shown. The receiver verifies each delivery&apos;s webhook-signature with it (Standard Webhooks).</Trans>
        ),
      }}
      copy={{ value: secret, label: t`Copy secret` }}
      onClose={onClose}
    >
      <LabelledValue id="secret-label" label={t`Signing secret`} value={secret} />
    </ShownOnce>
  );
}
