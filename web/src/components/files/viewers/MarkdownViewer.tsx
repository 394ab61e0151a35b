import { useMemo } from 'react';
import { renderMarkdown } from '../../../lib/markdown';
import { PreviewLoading } from '../PreviewMessage';
import { Pane, useTruncatedNote, type TextViewerProps } from './TextViewer';
import { useBlobText } from './use-blob-text';

/** Markdown rendered without raw HTML, then sanitized (lib/markdown). */
export function MarkdownViewer({ blob, truncated, name, fill }: TextViewerProps) {
  const text = useBlobText(blob, truncated);
  const html = useMemo(() => (text === null ? null : renderMarkdown(text)), [text]);
  const note = useTruncatedNote(truncated);
  if (html === null) return <PreviewLoading fill={fill} />;
  return (
    <Pane name={name} fill={fill} notes={[note]}>
      {/* Safe: renderMarkdown allows no raw HTML and sanitizes what it renders. */}
      <div className="markdown-body px-6 py-5" dangerouslySetInnerHTML={{ __html: html }} />
    </Pane>
  );
}
