import { FILE_TYPES, isKnownExtension } from '@vault/contract';

// What the installation accepts (GET /api/config's allowed_types), as the upload page and the type filter show it.

/** For the file picker's accept attribute and react-dropzone. */
export function acceptAttribute(allowed: readonly string[]): string {
  return allowed.map((ext) => `.${ext}`).join(',');
}

/** "JPEG, JPG, PNG, ..." for upload hints and refusals. */
export function typeList(allowed: readonly string[]): string {
  return allowed.map((ext) => ext.toUpperCase()).join(', ');
}

/** The type filter's choices: one per stored MIME type (jpg and jpeg are one). */
export function typeFilterOptions(allowed: readonly string[]): { value: string; label: string }[] {
  const options = new Map<string, string>();
  for (const ext of allowed) {
    if (isKnownExtension(ext) && !options.has(FILE_TYPES[ext].mime)) options.set(FILE_TYPES[ext].mime, FILE_TYPES[ext].label);
  }
  return [...options].map(([value, label]) => ({ value, label }));
}
