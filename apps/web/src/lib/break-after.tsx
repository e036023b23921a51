import { Fragment, type ReactNode } from 'react';

/** An identifier that may wrap after each `separator` ("/educate/course/:id/edit"), not inside a word. */
export function breakAfter(text: string, separator: string): ReactNode {
  return text.split(separator).map((part, i, all) => (
    <Fragment key={i}>
      {/* Only at the separator: "timetable-plan" would break at its hyphen otherwise. */}
      <span style={{ whiteSpace: 'nowrap' }}>{part}</span>
      {i < all.length - 1 && (
        <>
          {separator}
          <wbr />
        </>
      )}
    </Fragment>
  ));
}
