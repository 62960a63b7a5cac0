/** The code not yet speaking through the catalogue (i18n-pending.js). */
export declare const PENDING_I18N: readonly string[];
