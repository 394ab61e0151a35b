import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import { folderNameSchema } from '@vault/contract';
import { Checkbox } from '../ui/Checkbox';
import { SelectField, SelectOptions } from '../ui/Select';
import { TextField } from '../ui/TextField';
import { i18n } from '../../i18n';
import { folderChoices, type FolderOption } from '../../lib/folder-paths';
import { firstIssueMessage } from '../../lib/validation';

export interface FolderFormValues {
  name: string;
  /** A folder id, or '' for the top level. */
  parent_id: string;
  is_public: boolean;
}

/** A folder needs a non-blank name after trimming, else 'Please enter a folder name'. */
function validName(value: string): true | string {
  const result = folderNameSchema.safeParse(value);
  return result.success || (firstIssueMessage(result.error) ?? i18n.t('folders:enterName'));
}

export function toFolderBody(values: FolderFormValues) {
  return { name: values.name.trim(), parent_id: values.parent_id ? Number(values.parent_id) : null, is_public: values.is_public };
}

/** Name, parent and visibility: the fields of the create card and the edit dialog. */
export function FolderFields({ form, options, autoFocus = false }: { form: UseFormReturn<FolderFormValues>; options: FolderOption[]; autoFocus?: boolean }) {
  const { t } = useTranslation('folders');
  const { errors } = form.formState;
  return (
    <>
      <TextField
        label={t('folderName')}
        placeholder={t('eGInvoices2024')}
        autoComplete="off"
        autoFocus={autoFocus}
        maxLength={255}
        error={errors.name?.message}
        {...form.register('name', { validate: validName })}
      />
      <SelectField label={t('parentFolderOptional')} {...form.register('parent_id')}>
        <option value="">{t('noParentTopLevel')}</option>
        <SelectOptions options={folderChoices(options)} />
      </SelectField>
      <Checkbox
        className="sm:col-span-2"
        label={t('makeThisFolderPublic')}
        description={t('anyoneWithTheLinkCan')}
        {...form.register('is_public')}
      />
    </>
  );
}
