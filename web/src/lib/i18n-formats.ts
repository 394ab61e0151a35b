import { formatCount, formatDateTime, formatFileSize } from './format';
import { i18n } from '../i18n/index';

// The formats a text marks a raw value with ({{size, bytes}}; see the contract's templates.ts): the
// server sends bytes, counts and ISO times, and they read here as everywhere else in the interface.
// A value that is not what the format takes (a size an older server sent as English text) shows as it came.
// Registered here, apart from the instance, since the formatting itself reads the instance's language.
const numeric = (format: (value: number) => string) => (value: unknown) => (typeof value === 'number' ? format(value) : String(value));
i18n.services.formatter?.add('bytes', numeric(formatFileSize));
i18n.services.formatter?.add('count', numeric(formatCount));
i18n.services.formatter?.add('dateTime', (value: unknown) => (typeof value === 'string' ? formatDateTime(value) : String(value)));
