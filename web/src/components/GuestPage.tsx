import { Center, Text } from '@mantine/core';
import { useAppContext } from '../app/context';

/** Part 2.5: users without privileges. */
export default function GuestPage() {
  const { contactEmail } = useAppContext();
  return (
    <Center mih={240}>
      <Text size="lg" ta="center" maw={560}>
        You don&apos;t have the account privileges to access this portal. Please contact{' '}
        <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
      </Text>
    </Center>
  );
}
