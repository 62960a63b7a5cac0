import { notifications } from '@mantine/notifications';
import { saveFile } from '../../api/http';
import { MESSAGES } from '../../api/messages';
import { describeError } from '../../api/describeError';
import { documentLanguage } from '../../i18n/locales';

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
    notifications.show({ color: 'red', role: 'alert', title: 'Download failed', message: describeError(error) });
    return;
  }
  try {
    saveFile(file, filename);
  } catch {
    notifications.show({ color: 'red', role: 'alert', message: MESSAGES.downloadDenied });
  }
}

/** kg with at most three decimals; shares with two (as the API rounds them, down). */
export const formatKg = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 3 })} kg`;
export const formatShare = (value: number) => `${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} %`;
