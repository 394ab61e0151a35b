import { Fragment, type ReactNode } from 'react';

/**
 * Facts in a line, 'a · b · c', that wraps between facts: each fact, with the
 * separator that follows it, is kept whole, and breaks inside only when it
 * alone is wider than the line. Null facts are left out.
 */
export function FactLine({ facts }: { facts: readonly (ReactNode | null)[] }) {
  const shown = facts.filter((fact) => fact !== null);
  return shown.map((fact, i) => {
    const last = i === shown.length - 1;
    return (
      <Fragment key={i}>
        <span className="inline-block">
          {fact}
          {!last && '\u00a0·'}
        </span>
        {!last && ' '}
      </Fragment>
    );
  });
}
