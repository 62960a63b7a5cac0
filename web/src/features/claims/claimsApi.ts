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
import type { ClaimStatus } from '@generated/model';
import { useAppContext } from '../../app/context';

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

/** The status chip's colour (part 2.4): new red, under investigation the secondary colour, closed the primary one. */
export const STATUS_COLOR: Record<ClaimStatus, string> = {
  new: 'red',
  'under investigation': 'teal',
  closed: 'blue',
};

/** The product as the 'Bottle article number' select shows it. */
export const productLabel = (product: { articleNo: string; productName: string }) => `${product.articleNo} - ${product.productName}`;

/** The PDF's name when the server gives none (part 7.4). */
export const reportFileName = (id: number) => `Non-Conformance-${id}-report .pdf`;
