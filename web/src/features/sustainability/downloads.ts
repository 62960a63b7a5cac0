import { t } from '@lingui/core/macro';
import { notifications } from '@mantine/notifications';
import { saveFile } from '../../api/http';
import { MESSAGES } from '../../api/messages';
import { describeError } from '../../api/describeError';
import { formatDecimals } from '../../components/format';
import { documentLanguage } from '../../i18n/locales';
import './catalogue';

/** A statement is written in the person's current language (absent: the company's, as the API chooses). */
export const languageParams = () => {
  const language = documentLanguage();
  return language ? { language } : undefined;
};

/** Fetches a file and saves it under `filename`; a failed fetch or a refused save is said in a notice. */
export async function downloadAs(fetchFile: () => Promise<Blob>, filename: string): Promise<void> {
  let file: Blob;
  try {
    file = await fetchFile();
  } catch (error) {
    notifications.show({ color: 'red', role: 'alert', title: t`Download failed`, message: describeError(error) });
    return;
  }
  try {
    saveFile(file, filename);
  } catch {
    notifications.show({ color: 'red', role: 'alert', message: MESSAGES.downloadDenied });
  }
}

/**
 * kg with at most three decimals; shares with two (as the API rounds them, down). In the chosen language's Intl
 * conventions: English 1,234.5 kg, Swedish 1 234,5 kg.
 */
export const formatKg = (value: number) => {
  const amount = formatDecimals(value, 0, 3);
  return t`${amount} kg`;
};
export const formatShare = (value: number) => {
  const share = formatDecimals(value, 2);
  return t`${share} %`;
};
