import { FILE_TYPES, isKnownExtension, type KnownExtension } from '@vault/contract';

// What the installation accepts (GET /api/config's allowed_types), as the upload page and the type filter show it.

/** For the file picker's accept attribute and react-dropzone. */
export function acceptAttribute(allowed: readonly string[]): string {
  return allowed.map((ext) => `.${ext}`).join(',');
}

/** "JPEG, JPG, PNG, ..." for upload hints and refusals. */
export function typeList(allowed: readonly string[]): string {
  return allowed.map((ext) => ext.toUpperCase()).join(', ');
}

/** The type filter's choices, each with the texts key of its label: one per stored MIME type (jpg and jpeg are one). */
export function typeFilterOptions(allowed: readonly string[]): { value: string; labelKey: `filter.type-${KnownExtension}` }[] {
  const options = new Map<string, KnownExtension>();
  for (const ext of allowed) {
    if (isKnownExtension(ext) && !options.has(FILE_TYPES[ext].mime)) options.set(FILE_TYPES[ext].mime, ext);
  }
  return [...options].map(([value, ext]) => ({ value, labelKey: `filter.type-${ext}` as const }));
}
