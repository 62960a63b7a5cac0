import { useState } from 'react';
import { Group } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconLanguage } from '@tabler/icons-react';
import { LANGUAGE_NAMES, LANGUAGES, PSEUDO_LOCALE, isLanguage, type Locale } from '../i18n/locales';
import { pseudoLocaleOn } from '../i18n/i18n';
import { useChooseLanguage } from './language';

/**
 * The language picker of the top bar: the browser's own select (keyboard and screen readers know it), drawn with
 * Mantine's variables rather than its input components, which would bring about 5 kB into the first screen; each
 * language named in itself and marked with its `lang`. Choosing one
 * saves it as the person's language and switches the app at once, without signing out. The development server
 * also offers the pseudo-locale.
 */
export function LanguagePicker({ compact }: { compact: boolean }) {
  const { t, i18n } = useLingui();
  const choose = useChooseLanguage();
  const [busy, setBusy] = useState(false);
  const withPseudo = import.meta.env.DEV || pseudoLocaleOn();
  return (
    <Group gap={4} wrap="nowrap">
      <IconLanguage size={16} aria-hidden />
      <select
        aria-label={t`Language`}
        value={i18n.locale}
        disabled={busy}
        style={{
          width: compact ? 112 : 130,
          height: 30,
          padding: '0 6px',
          fontSize: 'var(--mantine-font-size-xs)',
          color: 'var(--mantine-color-text)',
          background: 'var(--mantine-color-body)',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-default)',
        }}
        onChange={(event) => {
          const locale = event.currentTarget.value as Locale;
          setBusy(true);
          void choose(isLanguage(locale) ? locale : PSEUDO_LOCALE).finally(() => setBusy(false));
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
        {withPseudo && (
          <option value={PSEUDO_LOCALE} lang="en-XA">
            {t`Pseudo-locale`}
          </option>
        )}
      </select>
    </Group>
  );
}
