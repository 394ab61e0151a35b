/**
 * The machinery the catalogues of sentences share (ERROR_MESSAGES, ACTIVITY_DETAILS): a text names each
 * value it fills in as `{{name}}`, or `{{name, format}}` where the value is a raw number that reads
 * differently in each language (a size in bytes, a count). A pair of keys ending in `_one` and `_other`
 * is one id whose `count` chooses between them, as i18next does; the web says the same ids in the
 * interface language with the same marks (its i18n registers a formatter per format).
 */
export type MessageParams = Record<string, string | number>;

const MIB = 1024 * 1024;

/** How each format reads in the English the server sends: as it always has, so API users see no change. */
const ENGLISH_FORMATS = {
  /** A size in bytes: '100 MB' when whole megabytes, else '1536 bytes'. */
  bytes: (value: number) => (Number.isInteger(value / MIB) ? `${value / MIB} MB` : `${value} bytes`),
  /** A count, ungrouped. */
  count: (value: number) => String(value),
} satisfies Record<string, (value: number) => string>;

export type TemplateFormat = keyof typeof ENGLISH_FORMATS;
export const TEMPLATE_FORMATS = Object.keys(ENGLISH_FORMATS) as TemplateFormat[];

/** A catalogue's id: a key, or the shared stem of an `_one`/`_other` pair. */
export type IdOf<Key> = Key extends `${infer Stem}_${'one' | 'other'}` ? Stem : Key;
type KeysOf<Catalogue, Id extends string> = Extract<keyof Catalogue, Id | `${Id}_one` | `${Id}_other`>;
type NameOf<Mark extends string> = Mark extends `${infer Name}, ${string}` ? Name : Mark;
type PlaceholdersOf<Text> = Text extends `${string}{{${infer Mark}}}${infer Rest}` ? NameOf<Mark> | PlaceholdersOf<Rest> : never;
/** A pair's `count` chooses its text even where the text does not show it. */
type CountOf<Catalogue, Id extends string> = [Extract<KeysOf<Catalogue, Id>, `${string}_one`>] extends [never] ? never : 'count';
/** The values an id's texts name (and `count` for a pair). */
export type ParamsOf<Catalogue, Id extends string> = PlaceholdersOf<Catalogue[KeysOf<Catalogue, Id>]> | CountOf<Catalogue, Id>;
/** What a function filling an id takes after it: nothing for a text without values, else exactly its values. */
export type ParamsArg<Catalogue, Id extends string> = [ParamsOf<Catalogue, Id>] extends [never] ? [] : [Record<ParamsOf<Catalogue, Id>, string | number>];

/** The ids of a catalogue (pairs by their stem). */
export function idsOf(catalogue: Record<string, string>): ReadonlySet<string> {
  return new Set(Object.keys(catalogue).map((key) => key.replace(/_(one|other)$/, '')));
}

const MARK = /\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g;

/** A value as English writes it: raw numbers by their format. */
function english(value: string | number | undefined, format: string | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'number' && format !== undefined && format in ENGLISH_FORMATS) return ENGLISH_FORMATS[format as TemplateFormat](value);
  return String(value);
}

/** The English text of an id with its values filled in (`count` picks `_one` for 1, else `_other`). */
export function fillEnglish(catalogue: Record<string, string>, code: string, params: MessageParams = {}): string {
  const template = catalogue[code] ?? catalogue[`${code}_${params.count === 1 ? 'one' : 'other'}`] ?? code;
  return template.replace(MARK, (_, name: string, format: string | undefined) => english(params[name], format));
}
