// No imports: the content-hash worker reads these too, and lib/format would bring i18n into its bundle.
export const KIB = 1024;
/** Bytes in a MB as sizes are shown and entered (base 1024). */
export const MIB = KIB * KIB;
