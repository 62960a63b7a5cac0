import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { FileInput } from '@mantine/core';
import { CERTIFICATE_ACCEPT, certificateFileProblem, certificateMaxMib } from './certificateFile';
import './catalogue';

/**
 * A lot's certificate file (a PDF or an image): where a delivery is added to stock and where a lot's evidence is
 * corrected. A file of a type or size the contract refuses is said under the field at once (`onChange` gets it with
 * its problem, and the form sends nothing while there is one); the API's own refusal is shown there too (`error`).
 */
export function CertificateFileInput({
  value,
  onChange,
  error,
  replaces,
}: {
  value: File | null;
  onChange: (file: File | null, problem: string | null) => void;
  error: string | null;
  /** The lot's current file, which a new one replaces. */
  replaces?: string;
}) {
  const { t } = useLingui();
  const size = certificateMaxMib();
  return (
    <FileInput
      label={t`Certificate file`}
      description={replaces ? t`A PDF or an image, at most ${size} MiB. It replaces ${replaces}.` : t`A PDF or an image, at most ${size} MiB.`}
      accept={CERTIFICATE_ACCEPT}
      clearable
      value={value}
      onChange={(file) => onChange(file, file ? certificateFileProblem(file) : null)}
      error={error}
    />
  );
}

/**
 * The chosen certificate file and its problem, for a form with a CertificateFileInput: `input` goes to the field,
 * `setError` shows the API's refusal under it, and a form sends nothing while `error` is set.
 */
export function useCertificateFile() {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onChange = (next: File | null, problem: string | null) => {
    setFile(next);
    setError(problem);
  };
  return { file, error, setError, input: { value: file, onChange, error } };
}
