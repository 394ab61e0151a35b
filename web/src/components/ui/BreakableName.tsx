import { Fragment } from 'react';

/**
 * A file name or username that wraps after "_", "-" and "." (and, for a piece still too long,
 * anywhere), not in the middle of a word: "Directors_v3" stays whole.
 */
export function BreakableName({ name }: { name: string }) {
  const pieces = name.split(/(?<=[_.-])/);
  return (
    <>
      {pieces.map((piece, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
    </>
  );
}
