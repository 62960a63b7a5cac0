import { useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';
import type { DowntimeHistoryItem } from '@generated/model';
import { saveFile } from '../../api/http';
import { MESSAGES } from '../../api/messages';
import { describeError } from '../../api/describeError';
import { formatHistoryDate } from './downtimeFormat';
import './catalogue';

export const HISTORY_CSV = 'history-table-export.csv';

/**
 * What both history screens do besides listing: set a stop's cause (then reload the list and say so), and export
 * the CSV under the server's file name. `historyKey` is the list query's base key, `save` and `exportCsv` the
 * face's generated calls.
 */
export function useHistoryActions(options: {
  historyKey: string;
  save: (input: { data: { historyItem: { id: number; causeId: number; version: number } } }) => Promise<DowntimeHistoryItem>;
  exportCsv: () => Promise<Blob>;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return {
    saveCause: async (item: DowntimeHistoryItem, causeId: number) => {
      const saved = await options.save({ data: { historyItem: { id: item.id, causeId, version: item.version } } });
      const [machine, day, cause] = [saved.machineName, formatHistoryDate(saved.actualDate), saved.DowntimeCause?.causeName ?? t`none`];
      notifications.show({ color: 'green', message: t`Cause of ${machine} on ${day} set to ${cause}.` });
      await queryClient.invalidateQueries({ queryKey: [options.historyKey] });
      return saved;
    },
    exportCsv: async () => {
      let file: Blob;
      try {
        file = await options.exportCsv();
      } catch (error) {
        // The server's reason (e.g. too many rows for one file); the export mutation is silent otherwise.
        notifications.show({ color: 'red', role: 'alert', title: t`Export failed`, message: describeError(error) });
        return;
      }
      try {
        saveFile(file, HISTORY_CSV);
      } catch {
        // Part 8: the browser refused to save the file.
        notifications.show({ color: 'red', role: 'alert', message: MESSAGES.downloadDenied });
      }
    },
  };
}
