import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Center, Loader, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import {
  getAdminClientsGetClientDetailsQueryKey,
  useAdminClientsGetClientDetails,
  useAdminClientsSaveClientDetails,
  useAdminClientsSaveClientLanguage,
} from '@generated/endpoints/clients/clients';
import { adminClientsSaveClientDetailsBody } from '@generated/zod/clients/clients.zod';
import { Currency, Language, type ClientDetails } from '@generated/model';
import { zodValidate } from '../../api/validation';
import { DialogActions } from '../../components/DialogActions';
import { SaveFailed } from '../../components/SaveFailed';
import { useInventorySave } from './useInventorySave';
import { QueryError } from '../../components/QueryError';
import { onInvalidForm } from '../../components/invalidForm';
import { LANGUAGE_NAMES, LANGUAGES as PORTAL_LANGUAGES } from '../../i18n/locales';
import './catalogue';

const TEXT_FIELDS = [
  'billingCompany',
  'billingFirstName',
  'billingLastName',
  'billingRegistrationNumber',
  'billingVATRegistrationNumber',
  'billingAddress',
  'billingCity',
  'billingState',
  'billingPostCode',
  'billingCountry',
  'billingEmail',
  'shift_start',
  'shift_end',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type FormValues = Record<TextField, string> & { currency: string | null };

const schema = adminClientsSaveClientDetailsBody.shape.info;
/** Part 9: invoices are in EUR or SEK. */
const CURRENCIES = Object.values(Currency);
/** The company's language: its documents', e-mails' and people's default; each named in itself, as the picker names it. */
const LANGUAGES = PORTAL_LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }));

function valuesOf(info: ClientDetails | null, company: string): FormValues {
  const values = Object.fromEntries(TEXT_FIELDS.map((field) => [field, info?.[field] ?? ''])) as Record<TextField, string>;
  return { ...values, billingCompany: info?.billingCompany ?? company, currency: info?.currency ?? null };
}

/** Trimmed text; optional fields left empty are sent as null. */
function toInput(values: FormValues, clientId: string, version: number | undefined) {
  const text = Object.fromEntries(TEXT_FIELDS.map((field) => [field, values[field].trim() || null]));
  return {
    ...text,
    // Required fields stay strings so an empty one reads 'Field is required.'
    billingCompany: values.billingCompany.trim(),
    billingAddress: values.billingAddress.trim(),
    billingCity: values.billingCity.trim(),
    billingCountry: values.billingCountry.trim(),
    billingEmail: values.billingEmail.trim(),
    currency: values.currency ?? undefined,
    clientId,
    ...(version === undefined ? {} : { version }),
  };
}

function DetailsForm({
  clientId,
  info,
  language: savedLanguage,
  company,
  onClose,
}: {
  clientId: string;
  info: ClientDetails | null;
  language: Language;
  company: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: valuesOf(info, company),
    validateInputOnBlur: true,
    validate: zodValidate<FormValues>(schema, { transform: (values) => toInput(values, clientId, info?.version) }),
  });
  const [language, setLanguage] = useState<Language>(savedLanguage);
  const save = useAdminClientsSaveClientDetails(
    useInventorySave({ message: t`Client details saved.`, onClose, setErrors: form.setErrors, wrapper: 'info' }),
  );
  // The language is the company's, not a billing detail: its own call, made first so the details' save closes the dialog.
  const saveLanguage = useAdminClientsSaveClientLanguage({ mutation: { meta: { silent: true } } });
  const submit = form.onSubmit(async (values) => {
    if (language !== savedLanguage) {
      try {
        await saveLanguage.mutateAsync({ data: { clientId, language } });
      } catch {
        return;
      }
    }
    save.mutate({ data: { info: schema.parse(toInput(values, clientId, info?.version)) } });
  }, onInvalidForm);
  const field = (name: TextField, label: string, required = false) => (
    <TextInput label={label} required={required} autoComplete="off" {...form.getInputProps(name)} />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label={t`Company`} required data-autofocus autoComplete="off" {...form.getInputProps('billingCompany')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {field('billingFirstName', t`First name`)}
          {field('billingLastName', t`Last name`)}
          {field('billingRegistrationNumber', t`Registration number`)}
          {field('billingVATRegistrationNumber', t`VAT registration number`)}
        </SimpleGrid>
        {field('billingAddress', t`Address`, true)}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {field('billingCity', t`City`, true)}
          {field('billingState', t({ message: 'State', context: 'the region of an address' }))}
          {field('billingPostCode', t`Post code`)}
          {field('billingCountry', t`Country`, true)}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t`Billing email`} required type="email" autoComplete="off" {...form.getInputProps('billingEmail')} />
          <Select label={t`Currency`} required data={CURRENCIES} allowDeselect={false} {...form.getInputProps('currency')} />
          <TimeInput label={t`Shift start`} {...form.getInputProps('shift_start')} />
          <TimeInput label={t`Shift end`} {...form.getInputProps('shift_end')} />
          <Select
            label={t`Language`}
            description={t`Documents and e-mails; people who have not chosen their own`}
            required
            data={LANGUAGES}
            allowDeselect={false}
            value={language}
            onChange={(value) => value && setLanguage(value as Language)}
          />
        </SimpleGrid>
        <SaveFailed error={save.error ?? saveLanguage.error} />
        <DialogActions onCancel={onClose} pending={save.isPending || saveLanguage.isPending} />
      </Stack>
    </form>
  );
}

/**
 * 'Client Details': the client's billing details and shift times. Company, address, city, country, billing email
 * and currency are required (part 5); the rest is optional. Opens with the saved details, or the company's name
 * when none were saved yet.
 */
export default function ClientDetailsDialog({ clientId, company, onClose }: { clientId: string; company: string; onClose: () => void }) {
  const { t } = useLingui();
  const details = useAdminClientsGetClientDetails(
    { clientId },
    { query: { queryKey: getAdminClientsGetClientDetailsQueryKey({ clientId }), staleTime: 0 } },
  );
  return (
    <Modal opened onClose={onClose} title={t`Client Details`} size="lg">
      {details.isError ? (
        <QueryError error={details.error} onRetry={() => void details.refetch()} />
      ) : details.data ? (
        <DetailsForm clientId={clientId} info={details.data.info} language={details.data.language} company={company} onClose={onClose} />
      ) : (
        <Center h={120}>
          <Loader role="status" aria-label={t`Loading client details`} />
        </Center>
      )}
    </Modal>
  );
}
