import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { FileItem } from '@vault/contract';

const PARAM = 'preview';

interface PreviewHistoryState {
  /** This history entry was pushed by opening the preview: closing goes back over it. */
  openedPreview?: boolean;
}

/**
 * The previewed file lives in the URL (?preview=ID), so Back closes the preview
 * instead of leaving the page, and a link opens it. Opening pushes a history
 * entry; stepping to another file replaces it (Back still closes the preview);
 * closing goes back over it, or drops the parameter when the page was opened
 * with it.
 */
export function usePreviewInUrl(files: readonly FileItem[]) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const id = Number(params.get(PARAM));
  const previewing = files.find((f) => f.id === id) ?? null;
  const state = location.state as PreviewHistoryState | null;

  const show = (file: FileItem | null, options: { replace: boolean; state: PreviewHistoryState | null }) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (file) next.set(PARAM, String(file.id));
      else next.delete(PARAM);
      return next;
    }, options);

  const open = (file: FileItem) => show(file, { replace: false, state: { openedPreview: true } });

  const step = (file: FileItem) => show(file, { replace: true, state });

  const close = () => {
    if (state?.openedPreview) {
      void navigate(-1);
      return;
    }
    show(null, { replace: true, state });
  };

  return { previewing, open, step, close };
}
