import { Fragment, type ReactNode } from 'react';

/** An identifier that may wrap after each `separator` ("/educate/course/:id/edit"), not inside a word. */
export function breakAfter(text: string, separator: string): ReactNode {
  return text.split(separator).map((part, i, all) => (
    <Fragment key={i}>
      {part}
      {i < all.length - 1 && (
        <>
          {separator}
          <wbr />
        </>
      )}
    </Fragment>
  ));
}
