import { LIMITS, extensionOf, tagSchema } from '@vault/contract';
import { typeList } from './allowed-types';
import { formatFileSize } from './format';
import { firstIssueMessage } from './validation';
import { i18n } from '../i18n';

export interface RejectedFile {
  name: string;
  reason: string;
}

export interface Screened {
  accepted: File[];
  rejected: RejectedFile[];
}

/** What the installation accepts per file, and how many files go at once. */
export interface UploadLimits {
  maxBytes: number;
  /** Extensions (GET /api/config's allowed_types). */
  allowedTypes: readonly string[];
  /** At most this many in the list when they go in one request; no limit for uploads sent one by one. */
  maxFiles?: number;
}

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * The upload rules for files dropped or picked while `selected` are already
 * listed: the installation's types, at most `maxBytes` each, at most
 * `maxFiles` in the list. Every refused file comes with its reason.
 */
export function screenFiles(selected: readonly File[], dropped: readonly File[], { maxBytes, allowedTypes, maxFiles = Infinity }: UploadLimits): Screened {
  const accepted: File[] = [];
  const rejected: RejectedFile[] = [];
  for (const file of dropped) {
    const ext = extensionOf(file.name);
    if (!allowedTypes.includes(ext)) {
      const accepted = typeList(allowedTypes);
      const reason = ext ? i18n.t('upload:rule.extension', { ext, accepted }) : i18n.t('upload:rule.noExtension', { accepted });
      rejected.push({ name: file.name, reason });
    } else if (file.size > maxBytes) {
      rejected.push({ name: file.name, reason: i18n.t('upload:rule.tooLarge', { limit: formatFileSize(maxBytes) }) });
    } else if ([...selected, ...accepted].some((other) => sameFile(other, file))) {
      rejected.push({ name: file.name, reason: i18n.t('upload:rule.duplicate') });
    } else if (selected.length + accepted.length >= maxFiles) {
      rejected.push({ name: file.name, reason: i18n.t('upload:rule.tooMany', { max: maxFiles }) });
    } else {
      accepted.push(file);
    }
  }
  return { accepted, rejected };
}

export type TagResult =
  | { tags: string[]; error: null }
  | { tags: readonly string[]; error: string; problem: 'invalid' | 'duplicate' | 'limit' };

/**
 * Adds a typed tag: trimmed, no blanks, no duplicates (ignoring
 * case, as the server does), at most 10 tags of at most 50 characters.
 */
export function addTag(tags: readonly string[], input: string): TagResult {
  const parsed = tagSchema.safeParse(input);
  if (!parsed.success) return { tags, error: firstIssueMessage(parsed.error) ?? i18n.t('upload:rule.invalidTag'), problem: 'invalid' };
  const tag = parsed.data;
  if (tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return { tags, error: i18n.t('upload:rule.tagAdded', { tag }), problem: 'duplicate' };
  if (tags.length >= LIMITS.maxTags) return { tags, error: i18n.t('files:tags.max', { max: LIMITS.maxTags }), problem: 'limit' };
  return { tags: [...tags, tag], error: null };
}

/** Comma-separated tags (the filter panel's text field) by the same rules; repeats are dropped. */
export function parseTagList(text: string): TagResult {
  let tags: string[] = [];
  for (const part of text.split(',')) {
    if (part.trim() === '') continue;
    const next = addTag(tags, part);
    if (next.error === null) tags = next.tags;
    else if (next.problem !== 'duplicate') return next;
  }
  return { tags, error: null };
}
