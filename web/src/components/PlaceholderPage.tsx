import { Alert, Stack, Title } from '@mantine/core';

/** An honest page for a screen that is not built yet: it says so rather than showing fake data. */
export function placeholderPage(title: string) {
  return function PlaceholderPage() {
    return (
      <Stack>
        <Title order={2}>{title}</Title>
        <Alert color="gray" title="Not available yet">
          This screen is part of the portal but has not been built yet.
        </Alert>
      </Stack>
    );
  };
}
