import { useState, type ReactNode } from 'react';
import { Modal } from '../Modal';

export interface TermsLinkProps {
  /** What the page holds, after "Read": "the terms & conditions". */
  what: string;
  /** The merchant's page (`terms-url` and the like); without it the short text opens in a dialog. */
  url: string | undefined;
  /** The dialog's title, also its name. */
  title: string;
  /** The short text the dialog shows when there is no page. */
  children: ReactNode;
}

/**
 * The terms a checkbox accepts, readable before ticking it: the merchant's page in a new tab (said
 * so in the link's name), else a short text in a dialog; a button opens it, since it leaves nowhere.
 */
export function TermsLink({ what, url, title, children }: TermsLinkProps) {
  const [open, setOpen] = useState(false);
  if (url) {
    return (
      <a className="evc-terms-link" href={url} target="_blank" rel="noopener noreferrer">
        Read {what}
        <span className="evc-visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <>
      <button type="button" className="evc-link evc-terms-link" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Read {what}
      </button>
      <Modal open={open} title={title} onClose={() => setOpen(false)} className="evc-confirm">
        {children}
      </Modal>
    </>
  );
}
