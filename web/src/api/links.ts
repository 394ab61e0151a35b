import { useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  downloadLinkResponseSchema,
  endedLinksRemovedSchema,
  fileRequestListResponseSchema,
  fileRequestResponseSchema,
  fileRequestUploadsPath,
  fileRequestViewSchema,
  linkListResponseSchema,
  linkResponseSchema,
  linkViewSchema,
  type FileRequestCreate,
  type LinkCreate,
  type LinkItemRef,
  type LinkUpdate,
  type LinkRefusal,
  type ZipSelection,
} from '@vault/contract';
import { i18n } from '../i18n';
import { startBrowserDownload } from '../lib/download';
import { apiRequest, apiSend, errorMessage } from './client';
import { invalidate } from './invalidation';
import { queryKeys } from './keys';
import { refusalOf, visitorHeaders, visitorRequest, type LinkAccess } from './link-grants';
import { TusUpload, type ResumableCallbacks } from './uploads';

/* ---------- The owner's share links and file requests ---------- */

function fetchLinks(item?: LinkItemRef) {
  const query = item ? `?type=${item.type}&id=${item.id}` : '';
  return apiRequest(`/api/links${query}`, linkListResponseSchema);
}

/** The caller's share links: one item's, or all of them. */
export function useShareLinks(item?: LinkItemRef, enabled = true) {
  return useQuery({
    queryKey: item ? queryKeys.itemLinks(item.type, item.id) : queryKeys.links,
    queryFn: () => fetchLinks(item),
    enabled,
    select: (data) => data.links,
  });
}

export function useCreateShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LinkCreate) => (await apiRequest('/api/links', linkResponseSchema, { method: 'POST', body })).link,
    onSuccess: async () => {
      toast.success(i18n.t('links:toast.created'));
      await invalidate(queryClient, 'linksChanged');
    },
    onError: (error) => toast.error(errorMessage(error, i18n.t('links:toast.createFailed'))),
  });
}

export function useRevokeShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiSend(`/api/links/${id}`, { method: 'DELETE' }),
    onSuccess: async () => {
      toast.success(i18n.t('links:toast.revoked'));
      await invalidate(queryClient, 'linksChanged');
    },
    onError: (error) => toast.error(errorMessage(error, i18n.t('links:toast.revokeFailed'))),
  });
}

/** The owner's two lists of links: share links and file requests. */
export type OwnLinkKind = 'share' | 'request';
const ENDED_PATH = { share: '/api/links/ended', request: '/api/requests/ended' } as const;
const LIST_CHANGED = { share: 'linksChanged', request: 'fileRequestsChanged' } as const;

/**
 * Takes one ended link (revoked, expired, used up) or file request (closed,
 * expired, full), by its id, or every ended one of the list ('all'), off it
 * for good; resolves to what the toast says.
 */
export function useRemoveEnded(kind: OwnLinkKind, onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (which: number | 'all') => {
      if (which !== 'all') {
        await apiSend(`${ENDED_PATH[kind]}/${which}`, { method: 'DELETE' });
        return i18n.t(`links:ended.${kind}.removed`);
      }
      const { removed } = await apiRequest(ENDED_PATH[kind], endedLinksRemovedSchema, { method: 'DELETE' });
      return i18n.t(`links:ended.${kind}.removedAll`, { count: removed });
    },
    onSuccess: async (said) => {
      toast.success(said);
      onDone();
      await invalidate(queryClient, LIST_CHANGED[kind]);
    },
    onError: (error) => toast.error(errorMessage(error, i18n.t(`links:ended.${kind}.removeFailed`))),
  });
}

export function useUpdateShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, change }: { id: number; change: LinkUpdate }) =>
      (await apiRequest(`/api/links/${id}`, linkResponseSchema, { method: 'PATCH', body: change })).link,
    onSuccess: async () => {
      toast.success(i18n.t('links:toast.updated'));
      await invalidate(queryClient, 'linksChanged');
    },
    onError: (error) => toast.error(errorMessage(error, i18n.t('links:toast.updateFailed'))),
  });
}

export function useFileRequests() {
  return useQuery({
    queryKey: queryKeys.fileRequests,
    queryFn: () => apiRequest('/api/requests', fileRequestListResponseSchema),
    select: (data) => data.requests,
  });
}

export function useCreateFileRequest(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: FileRequestCreate) => (await apiRequest('/api/requests', fileRequestResponseSchema, { method: 'POST', body })).request,
    onSuccess: async () => {
      toast.success(i18n.t('links:toast.requestCreated'));
      onDone();
      await invalidate(queryClient, 'fileRequestsChanged');
    },
  });
}

export function useCloseFileRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiSend(`/api/requests/${id}`, { method: 'DELETE' }),
    onSuccess: async () => {
      toast.success(i18n.t('links:toast.requestClosed'));
      await invalidate(queryClient, 'fileRequestsChanged');
    },
    onError: (error) => toast.error(errorMessage(error, i18n.t('links:toast.requestCloseFailed'))),
  });
}

/** A link's full address, for copying and QR codes. */
export const linkUrl = (path: string) => `${window.location.origin}${path}`;

/**
 * "Download selected" and "Download all": the server checks the selection and
 * answers a short-lived plain link, which the browser streams to disk.
 */
export async function downloadZip(selection: ZipSelection): Promise<void> {
  const { url } = await apiRequest('/api/downloads', downloadLinkResponseSchema, { method: 'POST', body: selection });
  startBrowserDownload(url);
}

/* ---------- What a link's visitor calls (no account, no token) ---------- */

/** Why a link that opened no longer does: it ended, or its item is gone; undefined for any other answer. */
export type EndedRefusal = Exclude<LinkRefusal, 'password_required' | 'wrong_password'>;
export function endedRefusal(error: unknown): EndedRefusal | undefined {
  const refusal = refusalOf(error);
  return refusal === 'password_required' || refusal === 'wrong_password' ? undefined : refusal;
}

export function useLinkView(token: string, access: LinkAccess) {
  return useQuery({
    queryKey: ['link-view', token, access.unlocks],
    queryFn: () => visitorRequest(`/api/s/${token}`, linkViewSchema, access.latest()),
    retry: false,
    staleTime: Infinity,
  });
}

/** How often an open request's page asks again: its owner may close it meanwhile, or others may fill it. */
const REQUEST_RECHECK_MS = 60_000;

/**
 * A file request's page: asked again when the tab comes back and each minute, until it has ended.
 * Once the page has been seen, it asks `again`: a re-check is not another visit to count.
 */
export function useRequestView(token: string, access: LinkAccess) {
  const seen = useRef(false);
  return useQuery({
    queryKey: ['request-view', token, access.unlocks],
    queryFn: async () => {
      const view = await visitorRequest(`/api/r/${token}${seen.current ? '?again=1' : ''}`, fileRequestViewSchema, access.latest());
      seen.current = true;
      return view;
    },
    retry: false,
    refetchOnWindowFocus: true,
    refetchInterval: (query) => (endedRefusal(query.state.error) ? false : REQUEST_RECHECK_MS),
  });
}

const withGrant = (path: string, grant: string | undefined, extra = '') => {
  const params = new URLSearchParams(extra);
  if (grant) params.set('grant', grant);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
};

/** Plain links (a download, a preview) carry the grant as ?grant=: no header travels with them. */
export const linkDownloadUrl = (token: string, grant: string | undefined) => withGrant(`/api/s/${token}/download`, grant);
export const linkFileUrl = (token: string, fileId: number, grant: string | undefined, inline = false) =>
  withGrant(`/api/s/${token}/files/${fileId}/download`, grant, inline ? 'inline=1' : '');

/**
 * Sends one of a visitor's files to a file request resumably (tus): a dropped
 * connection loses nothing, and choosing the same file again, even after a
 * reload, goes on where the server stands. The answer never names the file.
 */
export function sendToRequest(token: string, grant: () => string | undefined, file: File, uploaderName: string, callbacks: ResumableCallbacks): TusUpload {
  const visitor = uploaderName.trim();
  return new TusUpload(
    file,
    {
      endpoint: fileRequestUploadsPath(token),
      metadata: visitor ? { uploader_name: visitor } : {},
      headers: () => visitorHeaders(grant()),
      signedIn: false,
    },
    callbacks,
  );
}
