/// <reference types="astro/client" />

interface ImportMetaEnv {
  /** Where the browser finds the API; empty for the same origin. */
  readonly PUBLIC_API_BASE?: string;
  /** The public client identifier sent in the Auth header. */
  readonly PUBLIC_CLIENT_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
