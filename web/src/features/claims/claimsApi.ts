import {
  adminClaimsDeleteClaims,
  adminClaimsDownloadClaim,
  adminClaimsGetClaim,
  adminClaimsGetClaims,
  adminClaimsSaveClaim,
  clientClaimsDeleteClaims,
  clientClaimsDownloadClaim,
  clientClaimsGetClaim,
  clientClaimsGetClaims,
  clientClaimsSaveClaim,
  getAdminClaimsGetClaimQueryKey,
  getAdminClaimsGetClaimsQueryKey,
  getClientClaimsGetClaimQueryKey,
  getClientClaimsGetClaimsQueryKey,
} from '@generated/endpoints/claims/claims';
import { adminUploadsDownloadUpload, clientUploadsDownloadUpload } from '@generated/endpoints/claims/claims';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ClaimStatus } from '@generated/model';
import { useAppContext } from '../../app/context';
import './catalogue';

/**
 * The claim calls of each face (part 7.1 admin, 7.4 client). The screens are one set for both faces: the face
 * decides which calls they make and which fields are editable; the API enforces the same rules again.
 */
const ADMIN = {
  face: 'admin',
  getClaims: adminClaimsGetClaims,
  claimsKey: getAdminClaimsGetClaimsQueryKey,
  getClaim: adminClaimsGetClaim,
  claimKey: getAdminClaimsGetClaimQueryKey,
  saveClaim: adminClaimsSaveClaim,
  deleteClaims: adminClaimsDeleteClaims,
  downloadClaim: adminClaimsDownloadClaim,
  downloadUpload: adminUploadsDownloadUpload,
} as const;

const CLIENT = {
  face: 'client',
  getClaims: clientClaimsGetClaims,
  claimsKey: getClientClaimsGetClaimsQueryKey,
  getClaim: clientClaimsGetClaim,
  claimKey: getClientClaimsGetClaimQueryKey,
  saveClaim: clientClaimsSaveClaim,
  deleteClaims: clientClaimsDeleteClaims,
  downloadClaim: clientClaimsDownloadClaim,
  downloadUpload: clientUploadsDownloadUpload,
} as const;

export type ClaimsApi = typeof ADMIN | typeof CLIENT;

/** The calls of the signed-in user's face: the admin's (the GP) or the client's (client and buyer users). */
export function useClaimsApi(): ClaimsApi {
  return useAppContext().face.name === 'admin' ? ADMIN : CLIENT;
}

/** Part 9: the search boxes wait 300 ms after the last key before they ask. */
export const SEARCH_DEBOUNCE = 300;

/** The statuses in the order of part 4, as the status dropdown offers them. */
export const CLAIM_STATUSES: ClaimStatus[] = ['new', 'under investigation', 'closed'];

/**
 * A status as a person reads it: part 9's capitalised words in English ('Under Investigation'), a translation in the
 * other languages; the wire values stay what they are. A status is the claim's, so it agrees with the word for claim.
 */
export const STATUS_LABELS: Record<ClaimStatus, MessageDescriptor> = {
  new: msg({ message: 'New', context: 'claim status' }),
  'under investigation': msg({ message: 'Under Investigation', context: 'claim status' }),
  closed: msg({ message: 'Closed', context: 'claim status' }),
};

/** The status chip's colour (part 2.4): new red, under investigation the secondary colour, closed the primary one. */
export const STATUS_COLOR: Record<ClaimStatus, string> = {
  new: 'red',
  'under investigation': 'teal',
  closed: 'blue',
};

/** The product as the 'Bottle article number' select shows it. */
export const productLabel = (product: { articleNo: string; productName: string }) => `${product.articleNo} - ${product.productName}`;

/** The PDF's name when the server gives none (part 7.4): a file name, the same in every language. */
// eslint-disable-next-line lingui/no-unlocalized-strings
export const reportFileName = (id: number) => `Non-Conformance-${id}-report .pdf`;
