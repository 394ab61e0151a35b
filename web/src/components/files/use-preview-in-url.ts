import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { FileItem } from '@vault/contract';

const PARAM = 'preview';

/**
 * The previewed file lives in the URL (?preview=ID), so Back closes the preview
 * instead of leaving the page, and a link opens it. Opening pushes a history
 * entry; closing goes back over it, or drops the parameter when the page was
 * opened with it.
 */
export function usePreviewInUrl(files: readonly FileItem[]) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const id = Number(params.get(PARAM));
  const previewing = files.find((f) => f.id === id) ?? null;

  const open = (file: FileItem) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(PARAM, String(file.id));
        return next;
      },
      { state: { openedPreview: true } },
    );

  const close = () => {
    if ((location.state as { openedPreview?: boolean } | null)?.openedPreview) {
      void navigate(-1);
      return;
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PARAM);
        return next;
      },
      { replace: true },
    );
  };

  return { previewing, open, close };
}
