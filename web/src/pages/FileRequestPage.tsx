import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CheckCircle2, Inbox, Pause, Play, Send, UserRound, XCircle } from 'lucide-react';
import { LIMITS, type FileRequestUploadResponse, type FileRequestView } from '@vault/contract';
import { useAllowedTypes, useAppConfig } from '../api/auth';
import { useLinkAccess } from '../api/link-grants';
import { endedRefusal, sendToRequest, useRequestView, type EndedRefusal } from '../api/links';
import type { TusUpload } from '../api/uploads';
import { ENDED_ICON, LinkGate, endedText } from '../components/links/LinkGate';
import { UploadDropzone } from '../components/upload/UploadDropzone';
import { Alert } from '../components/ui/Alert';
import { Button } from '../components/ui/Button';
import { Card } from '../components/ui/Card';
import { ProgressBar } from '../components/ui/ProgressBar';
import { TextField } from '../components/ui/TextField';
import { formatDate, formatFileSize, formatProgress } from '../lib/format';
import { screenFiles, type RejectedFile } from '../lib/upload-rules';
import { useDocumentTitle } from '../lib/use-document-title';

type Sent = FileRequestUploadResponse['results'][number];

/** This visit's results only: the visitor never sees anything else in the folder. */
function SentList({ sent }: { sent: Sent[] }) {
  const { t } = useTranslation('links');
  if (sent.length === 0) return null;
  return (
    <section aria-labelledby="sent-title" className="border-t border-slate-100 px-5 py-4 sm:px-6">
      <h2 id="sent-title" className="text-sm font-semibold text-slate-900">
        {t('request.sent')}
      </h2>
      <ul aria-label={t('request.sentList')} className="mt-2 divide-y divide-slate-100">
        {sent.map((item, i) => (
          <li key={`${item.name}-${i}`} className="flex items-center gap-3 py-2 text-sm">
            {item.ok ? <CheckCircle2 aria-hidden="true" className="size-4 shrink-0 text-emerald-600" /> : <XCircle aria-hidden="true" className="size-4 shrink-0 text-red-600" />}
            <span className="min-w-0 flex-1 truncate text-slate-900">{item.name}</span>
            <span className={item.ok ? 'text-slate-500' : 'text-red-700'}>{item.ok ? formatFileSize(item.size) : item.error}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Bytes sent so far of each file being sent. */
type Progress = Map<File, number>;

const percentOf = (sent: number, total: number) => (total ? (sent / total) * 100 : 100);

/** Where the request stands now, when it ended while the page was open: it takes nothing more. */
function EndedNotice({ ended }: { ended: EndedRefusal }) {
  const { t } = useTranslation('links');
  const text = endedText('r', ended);
  return (
    <Alert tone="notice" icon={ENDED_ICON[ended]}>
      <p className="font-semibold">{t(`refusal.${text}.title`)}</p>
      <p>{t(`refusal.${text}`)}</p>
    </Alert>
  );
}

interface RequestFormProps {
  token: string;
  /** The request's grant as it stands when a part is sent: renewed while the page is open. */
  grant(): string | undefined;
  view: FileRequestView;
  /** Set once the request has ended (closed, expired, full) while the page was open. */
  ended: EndedRefusal | undefined;
  /** Asks the server where the request stands (its figures update); resolves with why it ended, if it has. */
  recheck(): Promise<EndedRefusal | undefined>;
}

function RequestForm({ token, grant, view, ended, recheck }: RequestFormProps) {
  const { t } = useTranslation('links');
  const maxFileBytes = useAppConfig().data?.max_file_bytes ?? LIMITS.maxFileBytes;
  const allowedTypes = useAllowedTypes();
  const [files, setFiles] = useState<File[]>([]);
  const [rejected, setRejected] = useState<RejectedFile[]>([]);
  const [name, setName] = useState('');
  const [progress, setProgress] = useState<Progress | null>(null);
  /** Set from the click on Send (before the request is checked again) until the last file settled: a second click starts no second round. */
  const [sending, setSending] = useState(false);
  const [paused, setPaused] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<Sent[]>([]);
  const current = useRef<TusUpload | null>(null);

  /** One file, resumably; settles with its result, never rejects. */
  const sendOne = (file: File) =>
    new Promise<Sent>((resolve) => {
      const upload = sendToRequest(token, grant, file, name, {
        onProgress: (done) => setProgress((before) => new Map(before).set(file, done)),
        onSuccess: () => resolve({ ok: true, name: file.name, size: file.size }),
        onError: (error, status) => resolve({ ok: false, name: file.name, error, status }),
      });
      current.current = upload;
      upload.start().catch(() => resolve({ ok: false, name: file.name, error: t('request.failed'), status: 0 }));
    });

  /**
   * One file after the other; a file that failed stays listed, and sending it
   * again goes on where it stopped. Before the first file and after each one
   * the request is asked again: its figures stay current, and once it has
   * been closed or filled up nothing more is tried.
   */
  const send = async () => {
    setSending(true);
    setFailure(null);
    if (await recheck()) {
      setSending(false);
      return;
    }
    const queue = files;
    setPaused(false);
    setProgress(new Map(queue.map((file) => [file, 0])));
    const stored = new Set<File>();
    let endedNow: EndedRefusal | undefined;
    for (const file of queue) {
      const result = await sendOne(file);
      setSent((before) => [result, ...before]);
      if (result.ok) stored.add(file);
      endedNow = await recheck();
      if (endedNow) break;
    }
    current.current = null;
    const left = queue.filter((file) => !stored.has(file));
    setFiles(left);
    if (left.length > 0 && !endedNow) setFailure(t('request.failed'));
    setProgress(null);
    setSending(false);
  };

  const togglePause = () => {
    const upload = current.current;
    if (!upload) return;
    if (paused) void upload.start();
    else void upload.pause();
    setPaused(!paused);
  };

  const total = files.reduce((sum, file) => sum + file.size, 0);
  const done = progress ? [...progress.values()].reduce((sum, n) => sum + n, 0) : 0;

  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col gap-4 border-b border-slate-100 p-5 sm:flex-row sm:p-6">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-50 text-accent-600 ring-1 ring-accent-600/20 ring-inset">
          <Inbox aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h1 className="text-lg font-semibold text-slate-900">{t('request.heading', { owner: view.owner })}</h1>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-500">
            <li className="flex items-center gap-1">
              <UserRound aria-hidden="true" className="size-3.5" />
              {t('request.requestedBy', { owner: view.owner })}
            </li>
            {!ended && view.expires_at && <li>{t('request.until', { date: formatDate(view.expires_at) })}</li>}
            {!ended && view.files_left !== null && <li>{t('request.filesLeft', { count: view.files_left })}</li>}
            {!ended && view.bytes_left !== null && <li>{t('request.bytesLeft', { size: formatFileSize(view.bytes_left) })}</li>}
          </ul>
          {view.message && <p className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm whitespace-pre-line text-slate-700 ring-1 ring-slate-200 ring-inset">{view.message}</p>}
        </div>
      </div>
      <div className="space-y-4 p-5 sm:p-6">
        {ended ? (
          <EndedNotice ended={ended} />
        ) : (
          <>
            {failure && <Alert tone="error">{failure}</Alert>}
            <UploadDropzone
              maxFileBytes={maxFileBytes}
              maxFiles={LIMITS.maxFilesPerUpload}
              allowedTypes={allowedTypes}
              disabled={sending}
              onFiles={(dropped) => {
                // One request carries them all.
                const screened = screenFiles(files, dropped, { maxBytes: maxFileBytes, allowedTypes, maxFiles: LIMITS.maxFilesPerUpload });
                setFiles([...files, ...screened.accepted]);
                setRejected(screened.rejected);
              }}
            />
            {rejected.map((r) => (
              <Alert key={r.name} tone="error">
                {r.name}: {r.reason}
              </Alert>
            ))}
            {files.length > 0 && (
              <ul aria-label={t('request.toSend')} className="divide-y divide-slate-100 rounded-lg border border-slate-200">
                {files.map((file) => {
                  const fileSent = progress?.get(file);
                  return (
                    <li key={`${file.name}-${file.size}-${file.lastModified}`} className="px-3 py-2 text-sm">
                      <div className="flex items-center gap-3">
                        <span className="min-w-0 flex-1 truncate">{file.name}</span>
                        <span className="text-slate-500 tabular-nums">
                          {fileSent === undefined ? formatFileSize(file.size) : `${formatProgress(percentOf(fileSent, file.size))} · ${formatFileSize(file.size)}`}
                        </span>
                        <Button variant="ghost" size="sm" aria-label={t('request.remove', { name: file.name })} disabled={sending} onClick={() => setFiles(files.filter((f) => f !== file))}>
                          <XCircle aria-hidden="true" className="size-4" />
                        </Button>
                      </div>
                      {fileSent !== undefined && (
                        <ProgressBar value={percentOf(fileSent, file.size)} label={file.name} valueText={`${formatFileSize(fileSent)} / ${formatFileSize(file.size)}`} className="mt-1.5 h-1.5" />
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
            <TextField label={t('request.name')} value={name} maxLength={100} autoComplete="name" onChange={(e) => setName(e.target.value)} hint={t('request.nameHelp')} />
            {progress !== null && (
              <ProgressBar value={percentOf(done, total)} label={paused ? t('request.paused') : t('request.sending')} valueText={formatProgress(percentOf(done, total))} tone={paused ? 'warning' : 'accent'} />
            )}
            <p className="text-xs text-slate-500">{t('request.resumeHelp')}</p>
            <div className="flex flex-col-reverse justify-end gap-2 sm:flex-row">
              {progress !== null && (
                <Button variant="secondary" onClick={togglePause} className="w-full sm:w-auto">
                  {paused ? <Play aria-hidden="true" className="size-4" /> : <Pause aria-hidden="true" className="size-4" />}
                  {paused ? t('request.resume') : t('request.pause')}
                </Button>
              )}
              <Button onClick={() => void send()} disabled={files.length === 0} loading={sending} className="w-full sm:w-auto">
                <Send aria-hidden="true" className="size-4" />
                {files.length > 0 ? t('request.sendCount', { count: files.length }) : t('request.send')}
              </Button>
            </div>
          </>
        )}
      </div>
      <SentList sent={sent} />
    </Card>
  );
}

/** /r/{token}: where a visitor sends files to a file request, seeing only what they sent. */
export function FileRequestPage() {
  const { t } = useTranslation('links');
  useDocumentTitle(t('request.title'));
  const token = useParams().token ?? '';
  const access = useLinkAccess('r', token);
  const view = useRequestView(token, access);
  return (
    <LinkGate kind="r" token={token} query={view} onGrant={access.unlocked}>
      {(data) => <RequestForm token={token} grant={access.latest} view={data} ended={endedRefusal(view.error)} recheck={async () => endedRefusal((await view.refetch()).error)} />}
    </LinkGate>
  );
}
