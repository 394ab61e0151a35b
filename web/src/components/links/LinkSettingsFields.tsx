import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../ui/TextField';
import { dateInputValue } from './link-facts';
import type { DraftErrors } from './use-link-draft';

/** Settings both share links and file requests have; the caller adds its own. */
export interface CommonLinkSettings {
  label: string;
  expires: string;
  password: string;
}

export const NO_SETTINGS: CommonLinkSettings = { label: '', expires: '', password: '' };

/** Tomorrow, as a date input's minimum: a link cannot expire in the past. */
const tomorrow = () => dateInputValue(new Date(Date.now() + 86_400_000).toISOString());

export function LinkSettingsFields({
  value,
  onChange,
  errors,
  passwordPlaceholder,
  children,
}: {
  value: CommonLinkSettings;
  /** The fields changed. */
  onChange(patch: Partial<CommonLinkSettings>): void;
  /** Said under the fields, by field. */
  errors: DraftErrors<CommonLinkSettings>;
  /** Said in the empty password field, e.g. that a link keeps its password when it is left empty. */
  passwordPlaceholder?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('links');
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <TextField label={t('field.label')} value={value.label} maxLength={100} placeholder={t('field.labelPlaceholder')} onChange={(e) => onChange({ label: e.target.value })} />
      <TextField label={t('field.expires')} type="date" min={tomorrow()} value={value.expires} error={errors.expires} onChange={(e) => onChange({ expires: e.target.value })} />
      <TextField
        label={t('field.password')}
        type="password"
        autoComplete="new-password"
        maxLength={256}
        placeholder={passwordPlaceholder}
        value={value.password}
        onChange={(e) => onChange({ password: e.target.value })}
      />
      {children}
    </div>
  );
}
