import { PageHeader } from '../components/ui/PageHeader';
import { useDocumentTitle } from '../lib/use-document-title';

/** A screen whose content is still to be built: its title and nothing made up. */
export function TitledPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return <PageHeader title={title} />;
}
