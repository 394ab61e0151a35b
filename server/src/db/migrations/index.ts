import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.js';
import { initial } from './0001_initial.js';
import { userUsedBytes } from './0002_user_used_bytes.js';
import { storageCountsChecked } from './0003_storage_counts_checked.js';
import { objectLeases } from './0004_object_leases.js';
import { blobHeadHash } from './0100_blob_head_hash.js';
import { searchTrigrams } from './0101_search_trigrams.js';
import { resumableUploads } from './0120_resumable_uploads.js';
import { finishedUploads } from './0130_finished_uploads.js';
import { derivedObjects } from './0210_derived_objects.js';
import { accountSecurity } from './0180_account_security.js';
import { links } from './0160_links.js';

/**
 * Versioned migrations, applied in name order at start-up, one file each.
 * Never edit one that has shipped: add the next.
 */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001_initial': initial(dialect),
    '0002_user_used_bytes': userUsedBytes(),
    '0003_storage_counts_checked': storageCountsChecked(dialect),
    '0004_object_leases': objectLeases(),
    '0100_blob_head_hash': blobHeadHash(),
    '0101_search_trigrams': searchTrigrams(dialect),
    '0120_resumable_uploads': resumableUploads(),
    '0130_finished_uploads': finishedUploads(),
    '0210_derived_objects': derivedObjects(),
    '0180_account_security': accountSecurity(dialect),
    '0160_links': links(dialect),
  };
}
