import { Button, Menu } from '@mantine/core';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import type { ExportFormat } from '@generated/model';
import { saveFile } from '../api/http';
import { describeError } from '../api/describeError';
import { MESSAGES } from '../api/messages';

/**
 * 'Export' of a list (CSV or Excel), with what the list shows now: the page passes the call with its current sort
 * and filters. While the file is made the button shows it is busy; a refusal shows the server's reason (e.g. a list
 * longer than an export may be), as the audit log's export does. The file keeps the name the server gives it.
 */
export function ExportMenu({
  run,
  pending,
  fallbackName,
}: {
  run: (format: ExportFormat) => Promise<Blob>;
  pending: boolean;
  /** The name to save under when the answer carries none, e.g. `(format) => 'orders.' + format`. */
  fallbackName: (format: ExportFormat) => string;
}) {
  const download = async (format: ExportFormat) => {
    let file: Blob;
    try {
      file = await run(format);
    } catch (error) {
      notifications.show({ color: 'red', title: t`Export failed`, message: describeError(error) });
      return;
    }
    try {
      saveFile(file, fallbackName(format));
    } catch {
      notifications.show({ color: 'red', message: MESSAGES.downloadDenied });
    }
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} />} rightSection={<IconChevronDown size={14} />} loading={pending}>
          <Trans>Export</Trans>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void download('csv')}>CSV</Menu.Item>
        <Menu.Item onClick={() => void download('xlsx')}>
          <Trans>Excel</Trans>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
