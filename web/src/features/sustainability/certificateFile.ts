import { UPLOAD_LIMITS } from '@generated/uploadLimits';
import { MESSAGES } from '../../api/messages';
import { formatNumber } from '../../components/format';

/** What a lot's certificate file may be: the contract's types and size for its `file` part. */
const LIMITS = UPLOAD_LIMITS.AdminSustainability_saveLotCertificate.file;

/** The file picker's `accept`: the types the contract names. */
export const CERTIFICATE_ACCEPT = LIMITS.types.join(',');

/** The largest certificate file in MiB, as the field's hint says it. */
export const certificateMaxMib = () => formatNumber(LIMITS.maxBytes / 1024 / 1024);

const typeAccepted = (type: string) => LIMITS.types.some((accepted) => (accepted.endsWith('/*') ? type.startsWith(accepted.slice(0, -1)) : type === accepted));

/**
 * Why a chosen file cannot be a lot's certificate (of a type or a size the contract refuses), or null: said under
 * the field before anything is sent. The API checks the content again (a renamed file is refused there).
 */
export function certificateFileProblem(file: File): string | null {
  if (!typeAccepted(file.type)) return MESSAGES.certificateType;
  if (file.size > LIMITS.maxBytes) return MESSAGES.fileTooLarge(LIMITS.maxBytes);
  return null;
}
