import { Center, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { useAppContext } from '../app/context';

/** Part 2.5: users without privileges. */
export default function GuestPage() {
  const { contactEmail } = useAppContext();
  return (
    <Center mih={240}>
      <Text size="lg" ta="center" maw={560}>
        <Trans>
          You don&apos;t have the account privileges to access this portal. Please contact{' '}
          <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
        </Trans>
      </Text>
    </Center>
  );
}
