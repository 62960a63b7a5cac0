import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

/** Part 2: unknown paths. */
export function NotFoundPage() {
  return (
    <Center mih={320}>
      <Stack align="center" gap="md">
        <Title order={1} c="dimmed">
          404
        </Title>
        <Text size="xl">
          <Trans>Oops. Nothing here...</Trans>
        </Text>
        <Button component={Link} to="/">
          <Trans>Go Home</Trans>
        </Button>
      </Stack>
    </Center>
  );
}
