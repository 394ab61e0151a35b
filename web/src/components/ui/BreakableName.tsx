import { Fragment } from 'react';

/** The pieces a name may wrap between: after "_", "-" and ".", but never before the extension. */
function namePieces(name: string): string[] {
  const pieces = name.split(/(?<=[_.-])/);
  // "approved-by-board.|txt" left "txt" alone on a line, where it read as a word of its own.
  if (pieces.length > 1 && pieces.at(-2)!.endsWith('.')) pieces.splice(-2, 2, pieces.at(-2)! + pieces.at(-1)!);
  return pieces;
}

/**
 * A file name or username that wraps after "_", "-" and "." (and, for a piece still too long,
 * anywhere), not in the middle of a word: "Directors_v3" stays whole.
 */
export function BreakableName({ name }: { name: string }) {
  return (
    <>
      {namePieces(name).map((piece, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
    </>
  );
}
