/// <reference types="vite/client" />
interface ImportMetaEnv {
  readonly VITE_MOCK_ROLE?: string;
}

/** A Lingui catalogue, compiled by @lingui/vite-plugin when it is imported. */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
