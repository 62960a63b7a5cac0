import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import {
  adminSustainabilitySaveLotCertificate,
  getAdminSustainabilityGetLotCompositionQueryKey,
  useAdminSustainabilitySaveLotComposition,
} from '@generated/endpoints/sustainability/sustainability';
import { adminSustainabilitySaveLotCompositionBody } from '@generated/zod/sustainability/sustainability.zod';
import type { LotComposition, LotCompositionInput } from '@generated/model';
import { ApiError } from '../../api/http';
import { describeError } from '../../api/describeError';
import { problemFieldErrors, zodValidate } from '../../api/validation';
import { DialogActions } from '../../components/DialogActions';
import { onInvalidForm } from '../../components/invalidForm';
import { formatNumber } from '../../components/format';
import { CertificateFileInput, useCertificateFile } from './CertificateFileInput';
import './catalogue';

interface Values {
  postConsumerPercent: number | string;
  preConsumerPercent: number | string;
  scheme: string | null;
  certificateNo: string;
  validFrom: string;
  validUntil: string;
  recyclingProcess: string;
  carbonKgPerKg: number | string;
  epdReference: string;
}

const text = (value: string) => (value.trim() === '' ? null : value);
const number = (value: number | string) => (value === '' ? null : Number(value));

/** The form's values as the contract's composition (empty fields are null). */
export const compositionOf = (values: Values): LotCompositionInput => ({
  postConsumerPercent: number(values.postConsumerPercent) ?? 0,
  preConsumerPercent: number(values.preConsumerPercent) ?? 0,
  scheme: (values.scheme as LotCompositionInput['scheme']) ?? null,
  certificateNo: text(values.certificateNo),
  validFrom: text(values.validFrom),
  validUntil: text(values.validUntil),
  recyclingProcess: text(values.recyclingProcess),
  carbonKgPerKg: number(values.carbonKgPerKg),
  epdReference: text(values.epdReference),
});

const compositionSchema = adminSustainabilitySaveLotCompositionBody.shape.composition;

/**
 * Admin: a lot's recycled content, its evidence and its carbon, recorded or corrected at the version read
 * (a stale one answers 409, said by the app's error notice). The field rules between fields (shares at most 100 %
 * together, a certificate for recycled content, an EPD with its figure) are the API's, shown on their fields. A
 * certificate file chosen here is uploaded once the composition is saved, replacing the lot's previous file; one of a
 * type or size the contract refuses keeps the dialog from saving, and what the API refuses is said under the field.
 */
export default function LotCompositionDialog({ composition, onClose }: { composition: LotComposition; onClose: () => void }) {
  const { t } = useLingui();
  const { lotId, preformName, material } = composition;
  const weight = formatNumber(composition.weightG);
  const manufacturer = composition.lot.manufacturerName;
  const queryClient = useQueryClient();
  const certificate = useCertificateFile();
  const [uploading, setUploading] = useState(false);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      postConsumerPercent: composition.postConsumerPercent ?? 0,
      preConsumerPercent: composition.preConsumerPercent ?? 0,
      scheme: composition.scheme,
      certificateNo: composition.certificateNo ?? '',
      validFrom: composition.validFrom ?? '',
      validUntil: composition.validUntil ?? '',
      recyclingProcess: composition.recyclingProcess ?? '',
      carbonKgPerKg: composition.carbonKgPerKg ?? '',
      epdReference: composition.epdReference ?? '',
    },
    validateInputOnBlur: true,
    validate: zodValidate<Values>(compositionSchema, { transform: compositionOf }),
  });
  const save = useAdminSustainabilitySaveLotComposition({
    mutation: {
      onSuccess: async () => {
        const queryKey = getAdminSustainabilityGetLotCompositionQueryKey({ lotId: composition.lotId });
        if (certificate.file) {
          setUploading(true);
          try {
            await adminSustainabilitySaveLotCertificate({ lotId: composition.lotId, file: certificate.file });
          } catch (error) {
            // The composition is saved; the dialog stays open with the file's problem so it can be chosen again.
            certificate.setError(describeError(error));
            await queryClient.invalidateQueries({ queryKey });
            return;
          } finally {
            setUploading(false);
          }
        }
        await queryClient.invalidateQueries({ queryKey });
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) form.setErrors(problemFieldErrors(error, 'composition'));
      },
    },
  });
  const submit = form.onSubmit((values) => {
    if (certificate.error) return; // the chosen file is refused before anything is sent
    save.mutate({ data: { lotId: composition.lotId, composition: compositionOf(values), version: composition.version } });
  }, onInvalidForm);
  return (
    <Modal opened onClose={onClose} title={t`Recycled content and evidence`} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            {t`Lot ${lotId}: ${preformName} (${material}, ${weight} g) from ${manufacturer}.`}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput label={t`Post-consumer recycled content (%)`} min={0} max={100} decimalScale={2} data-autofocus {...form.getInputProps('postConsumerPercent')} />
            <NumberInput label={t`Pre-consumer recycled content (%)`} min={0} max={100} decimalScale={2} {...form.getInputProps('preConsumerPercent')} />
            <Select label={t`Certification scheme`} data={[{ value: 'EuCertPlast', label: 'EuCertPlast' }, { value: 'RecyClass', label: 'RecyClass' }, { value: 'ISCC PLUS', label: 'ISCC PLUS' }, { value: 'other', label: t`other` }]} clearable {...form.getInputProps('scheme')} />
            <TextInput label={t`Certificate number`} autoComplete="off" {...form.getInputProps('certificateNo')} />
            <TextInput label={t`Valid from`} type="date" {...form.getInputProps('validFrom')} />
            <TextInput label={t`Valid until`} type="date" {...form.getInputProps('validUntil')} />
          </SimpleGrid>
          <TextInput
            label={t`Authorised recycling process (EU 2022/1616)`}
            description={t`For rPET in contact with food: the process's register number or name.`}
            autoComplete="off"
            {...form.getInputProps('recyclingProcess')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={t`Carbon from the EPD (kg CO2e/kg)`}
              description={t`Empty: the documented default for ${material}.`}
              min={0}
              max={20}
              decimalScale={4}
              {...form.getInputProps('carbonKgPerKg')}
            />
            <TextInput label={t`EPD reference`} autoComplete="off" {...form.getInputProps('epdReference')} />
          </SimpleGrid>
          <CertificateFileInput
            {...certificate.input}
            replaces={composition.certificateFile?.originalFilename}
          />
          <DialogActions onCancel={onClose} pending={save.isPending || uploading} />
        </Stack>
      </form>
    </Modal>
  );
}
