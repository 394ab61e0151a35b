import { LIMITS, type User } from '@vault/contract';
import { useFileList } from '../../api/files';
import { useFolderList } from '../../api/folders';
import { useSharedWithMe } from '../../api/sharing';

/** Items apart by visibility; undefined while they load. */
export interface ByVisibility<T> {
  public: T[] | undefined;
  private: T[] | undefined;
}

function byVisibility<T extends { is_public: boolean }>(items: T[] | undefined): ByVisibility<T> {
  return { public: items?.filter((i) => i.is_public), private: items?.filter((i) => !i.is_public) };
}

/**
 * The sharing page's data: the caller's own files (1000 at most) and
 * folders by visibility, and what other users shared with them by name.
 */
export function useSharingOverview(user: User) {
  // The uploader filter keeps an admin's list to their own files, as for everyone else.
  const files = useFileList({ uploader: user.username, limit: LIMITS.sharingPageLimit });
  const folders = useFolderList({});
  const shared = useSharedWithMe();
  return {
    files: byVisibility(files.data?.files),
    folders: byVisibility(folders.data?.folders),
    sharedWithMe: shared.data,
  };
}
