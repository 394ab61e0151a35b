/** Words of the seeded file names, also what the load searches for. */
export const WORDS = ['report', 'invoice', 'photo', 'budget', 'notes', 'draft', 'scan', 'contract', 'summary', 'slides', 'receipt', 'plan'];

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
