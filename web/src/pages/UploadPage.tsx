import { useTranslation } from 'react-i18next';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CircleCheck, Upload, X } from 'lucide-react';
import { LIMITS } from '@vault/contract';
import { useAllowedTypes, useAppConfig } from '../api/auth';
import { useFolderOptions } from '../api/folders';
import { useStorageStats, useUserStats } from '../api/stats';
import { folderChoices } from '../lib/folder-paths';
import { TagInput } from '../components/tags/TagInput';
import { StorageInfoCard } from '../components/storage/StorageInfoCard';
import { ClashDialog } from '../components/upload/ClashDialog';
import { ConfirmUploadDialog } from '../components/upload/ConfirmUploadDialog';
import { SelectedFiles } from '../components/upload/SelectedFiles';
import { UploadDropzone } from '../components/upload/UploadDropzone';
import { FolderPicker } from '../components/upload/FolderPicker';
import { UploadProgress } from '../components/upload/UploadProgress';
import { takeDropped } from '../components/upload/dropped-files';
import { usePastedFiles } from '../components/upload/use-pasted-files';
import { useUploader } from '../components/upload/use-uploader';
import { Alert } from '../components/ui/Alert';
import { Button } from '../components/ui/Button';
import { Card, CardContent, CardHeader } from '../components/ui/Card';
import { Checkbox } from '../components/ui/Checkbox';
import { PageHeader } from '../components/ui/PageHeader';
import { SelectField, SelectOptions } from '../components/ui/Select';
import { useDocumentTitle } from '../lib/use-document-title';

export function UploadPage() {
  const { t } = useTranslation('upload');
  useDocumentTitle(t('documentTitle'));
  const [params] = useSearchParams();
  const config = useAppConfig();
  const maxFileBytes = config.data?.max_file_bytes ?? LIMITS.maxFileBytes;
  const folders = useFolderOptions();
  const userStats = useUserStats();
  const storage = useStorageStats();

  const [isPublic, setIsPublic] = useState(false);
  const [tags, setTags] = useState<string[]>([]);
  // /upload?folder_id=3 starts in that folder (e.g. from a folder's page).
  const [folderId, setFolderId] = useState(params.get('folder_id') ?? '');
  const [confirming, setConfirming] = useState(false);
  // 'Upload here' on a folder page leads back to that folder; otherwise the dashboard opens.
  const origin = params.get('folder_id');
  const allowedTypes = useAllowedTypes();
  const limits = useMemo(() => ({ maxBytes: maxFileBytes, allowedTypes }), [maxFileBytes, allowedTypes]);
  const uploader = useUploader(limits, origin && origin === folderId ? `/folders/${origin}` : '/dashboard');
  usePastedFiles(uploader.add);
  const locked = uploader.uploading || uploader.finishing;
  // Files dropped on the dashboard or a folder page arrive here to be listed and confirmed
  // (while another batch is on its way, they wait in the list for the Upload button).
  const { add } = uploader;
  useEffect(() => {
    const dropped = takeDropped();
    if (dropped && add(dropped) > 0 && !locked) setConfirming(true);
  }, [add, locked]);

  const folderLabel = folders.data?.find((f) => String(f.id) === folderId)?.label ?? t('rootLabel');
  const count = uploader.waiting.length;

  const upload = () => {
    setConfirming(false);
    void uploader.start({ isPublic, tags, folderId: folderId ? Number(folderId) : null });
  };

  return (
    <>
      <PageHeader title={t('uploadFiles')} description={t('addFilesToYourVault')} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader title={t('chooseFiles')} description={t('filesOrFolders')} />
            <CardContent className="space-y-4">
              <UploadDropzone onFiles={uploader.add} disabled={locked} maxFileBytes={maxFileBytes} allowedTypes={allowedTypes} />
              {uploader.rejected.length > 0 && (
                <Alert tone="error">
                  <div className="flex items-start justify-between gap-3">
                    <div>
                      <p className="font-medium">
                        {t('notAdded', { count: uploader.rejected.length })}
                      </p>
                      <ul className="mt-1 space-y-0.5">
                        {uploader.rejected.map((r, i) => (
                          <li key={`${r.name}-${i}`} className="break-words">
                            <span className="font-medium">{r.name}</span>: {r.reason}
                          </li>
                        ))}
                      </ul>
                    </div>
                    <button
                      type="button"
                      aria-label={t('dismiss')}
                      onClick={uploader.dismissRejected}
                      className="rounded p-0.5 text-red-700 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-red-600"
                    >
                      <X aria-hidden="true" className="size-4" />
                    </button>
                  </div>
                </Alert>
              )}
              <FolderPicker onFiles={uploader.add} disabled={locked} />
              <SelectedFiles
                items={uploader.items}
                onRemove={uploader.remove}
                onClear={uploader.clear}
                onPause={uploader.pause}
                onResume={uploader.resume}
                locked={locked}
              />
              {uploader.uploading && <UploadProgress items={uploader.items} />}
              {uploader.finishing && (
                <p role="status" className="flex items-center gap-2 text-sm font-medium text-emerald-700">
                  <CircleCheck aria-hidden="true" className="size-4" />
                  {t('allFilesUploadedOpeningYour')}
                </p>
              )}
            </CardContent>
          </Card>

          <Card>
            <CardHeader title={t('uploadOptions')} />
            <CardContent className="space-y-5">
              <Checkbox
                label={t('makeFilesPublic')}
                description={t('anyoneWithTheLinkCan')}
                checked={isPublic}
                disabled={locked}
                onChange={(e) => setIsPublic(e.target.checked)}
              />
              <TagInput tags={tags} onChange={setTags} disabled={locked} />
              <SelectField label={t('folder')} value={folderId} disabled={locked} onChange={(e) => setFolderId(e.target.value)}>
                <option value="">{t('rootLabel')}</option>
                <SelectOptions options={folderChoices(folders.data ?? [])} />
              </SelectField>
              <div className="flex justify-end border-t border-slate-100 pt-4">
                <Button size="lg" disabled={count === 0 || locked} loading={uploader.uploading} onClick={() => setConfirming(true)} className="w-full sm:w-auto">
                  {!uploader.uploading && <Upload aria-hidden="true" className="size-4" />}
                  {uploader.uploading ? t('progress.uploading') : count === 0 ? t('uploadNone') : t('uploadCount', { count })}
                </Button>
              </div>
            </CardContent>
          </Card>
        </div>
        <aside aria-label={t('storage')} className="lg:sticky lg:top-24 lg:self-start">
          <StorageInfoCard user={userStats.data} storage={storage.data} />
        </aside>
      </div>
      <ConfirmUploadDialog
        open={confirming}
        onOpenChange={setConfirming}
        files={uploader.waiting.map((i) => i.file)}
        folderLabel={folderLabel}
        isPublic={isPublic}
        tags={tags}
        onConfirm={upload}
      />
      <ClashDialog />
    </>
  );
}
