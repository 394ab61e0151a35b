/** The SQL engines Vault runs on: embedded, or scaled out. */
export type Dialect = 'sqlite' | 'postgres';
