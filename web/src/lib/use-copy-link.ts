import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { SESSION } from '@vault/contract';
import { copyText } from './clipboard';
import { i18n } from '../i18n';

/** Copies a link (or, given its own failure message, any text) with its success or failure toast; resolves true when it was copied. */
export async function copyLink(url: string, copiedMessage: string, failedMessage = i18n.t('sharing:copy.failed')): Promise<boolean> {
  try {
    await copyText(url);
    toast.success(copiedMessage);
    return true;
  } catch {
    toast.error(failedMessage);
    return false;
  }
}

/** A copy button's state: `copied` reads true for 2 s after a copy. */
export function useCopyLink(copiedMessage: string, failedMessage?: string) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), SESSION.copiedResetMs);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const copy = async (url: string) => {
    if (await copyLink(url, copiedMessage, failedMessage)) setCopied(true);
  };
  return { copied, copy };
}
