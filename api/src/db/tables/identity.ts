/** Tables of the embedded identity provider and the client directory (companies, users, OIDC state). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface IdentityTables {}
