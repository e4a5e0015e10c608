// A table row that opens a page is a real link: Tab reaches it, Enter follows it, a middle-click or
// Ctrl+click opens a new tab, and screen readers announce it. The link's ::after covers its whole row
// (styles.css, ".linked-rows"), so a click anywhere on the row follows it too.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export function RowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="row-link">
      {children}
    </Link>
  );
}
