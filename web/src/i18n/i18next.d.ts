import 'i18next';
import type { en } from './resources';

// Typed keys: a misspelt key or a missing namespace fails the typecheck instead of showing the key.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    keySeparator: false;
    resources: typeof en;
  }
}
