/** Words of the seeded file names, also what the load searches for. */
export const WORDS = ['report', 'invoice', 'photo', 'budget', 'notes', 'draft', 'scan', 'contract', 'summary', 'slides', 'receipt', 'plan'];

/** Words found only in the seeded texts (one in ten of the text files), what the content search looks for. */
export const PLACES = ['lisbon', 'oslo', 'nairobi', 'lima', 'hanoi', 'perth', 'quito', 'accra', 'riga', 'tunis'];

/** Tags of every tenth seeded file, also what the load filters on. */
export const TAGS = ['invoice', 'work', 'family', 'tax', 'archive'];

/** Extensions and types of the seeded files. */
export const TYPES: [string, string][] = [
  ['pdf', 'application/pdf'],
  ['png', 'image/png'],
  ['jpg', 'image/jpeg'],
  ['txt', 'text/plain'],
  ['csv', 'text/csv'],
  ['zip', 'application/zip'],
];

/** The seeded types whose contents have a text. */
export const TEXT_TYPES = ['application/pdf', 'text/plain', 'text/csv'];
