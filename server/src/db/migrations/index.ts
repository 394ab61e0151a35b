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
import { linkUploads } from './0131_link_uploads.js';
import { derivedObjects } from './0210_derived_objects.js';
import { contentTexts } from './0220_content_texts.js';
import { accountSecurity } from './0180_account_security.js';
import { links } from './0160_links.js';
import { trash } from './0140_trash.js';
import { fileSiblingNames } from './0145_file_sibling_names.js';
import { fileVersions } from './0146_file_versions.js';
import { trashFileNames } from './0148_trash_file_names.js';
import { resumableOnConflict } from './0147_resumable_on_conflict.js';
import { sealedTotpSecrets } from './0190_sealed_totp_secrets.js';
import { trigramPendingLists } from './0230_trigram_pending_lists.js';
import { fileTextLinks } from './0240_file_text_links.js';
import { searchNameTrigrams } from './0250_search_name_trigrams.js';
import { fileTextScope } from './0251_file_text_scope.js';
import { versionSizes } from './0260_version_sizes.js';
import { liveContentIndex } from './0270_live_content_index.js';
import { foldedNamesAndTags } from './0280_folded_names_and_tags.js';
import { fileScopeIndex } from './0290_file_scope_index.js';
import { quotaChargesAtCommit } from './0300_quota_charges_at_commit.js';
import { textsReadForEachOwner } from './0310_texts_read_for_each_owner.js';
import { thumbnailsPerOwner } from './0311_thumbnails_per_owner.js';
import { liveFilesIndex } from './0320_live_files_index.js';
import { activityVia } from './0330_activity_via.js';
import { activityDetailCodes } from './0340_activity_detail_codes.js';
import { stars } from './0350_stars.js';
import { unsafeCharactersCleaned } from './0360_unsafe_characters_cleaned.js';
import type { SecretBox } from '../../secret-box.js';

/**
 * Versioned migrations, applied in name order at start-up, one file each.
 * Never edit one that has shipped: add the next. `secrets` (the server's
 * secret box) is needed to run those that seal values; listing them does not.
 */
export function migrations(dialect: Dialect, secrets?: SecretBox): Record<string, Migration> {
  return {
    '0001_initial': initial(dialect),
    '0002_user_used_bytes': userUsedBytes(),
    '0003_storage_counts_checked': storageCountsChecked(dialect),
    '0004_object_leases': objectLeases(),
    '0100_blob_head_hash': blobHeadHash(),
    '0101_search_trigrams': searchTrigrams(dialect),
    '0120_resumable_uploads': resumableUploads(),
    '0130_finished_uploads': finishedUploads(),
    '0131_link_uploads': linkUploads(),
    '0210_derived_objects': derivedObjects(),
    '0180_account_security': accountSecurity(dialect),
    '0160_links': links(dialect),
    '0140_trash': trash(),
    '0145_file_sibling_names': fileSiblingNames(),
    '0146_file_versions': fileVersions(dialect),
    '0147_resumable_on_conflict': resumableOnConflict(),
    '0148_trash_file_names': trashFileNames(),
    '0190_sealed_totp_secrets': sealedTotpSecrets(secrets),
    '0220_content_texts': contentTexts(dialect),
    '0230_trigram_pending_lists': trigramPendingLists(dialect),
    '0240_file_text_links': fileTextLinks(dialect),
    '0250_search_name_trigrams': searchNameTrigrams(dialect),
    '0251_file_text_scope': fileTextScope(dialect),
    '0260_version_sizes': versionSizes(),
    '0270_live_content_index': liveContentIndex(dialect),
    '0280_folded_names_and_tags': foldedNamesAndTags(dialect),
    '0290_file_scope_index': fileScopeIndex(dialect),
    '0300_quota_charges_at_commit': quotaChargesAtCommit(dialect),
    '0310_texts_read_for_each_owner': textsReadForEachOwner(dialect),
    '0311_thumbnails_per_owner': thumbnailsPerOwner(),
    '0320_live_files_index': liveFilesIndex(dialect),
    '0330_activity_via': activityVia(),
    '0340_activity_detail_codes': activityDetailCodes(),
    '0350_stars': stars(),
    '0360_unsafe_characters_cleaned': unsafeCharactersCleaned(dialect),
  };
}
