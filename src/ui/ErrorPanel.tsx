/** A `tel:` link for the merchant's phone number as written (spaces and punctuation dropped). */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^+0-9]/g, '')}`;

interface ErrorPanelProps {
  title: string;
  messages: readonly string[];
  /** Loads again what failed to load (a catalogue file), when that may help. */
  retry?: (() => void) | undefined;
  /** The merchant's contact details (support-phone, support-email), the buyer's other way on. */
  phone?: string | undefined;
  email?: string | undefined;
}

/** A failure the element cannot work around: said plainly, with what to fix and a way on. */
export function ErrorPanel({ title, messages, retry, phone, email }: ErrorPanelProps) {
  return (
    <section className="evc-error" role="alert" part="error">
      <h2>{title}</h2>
      <ul>
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
      {retry && (
        <button type="button" onClick={retry}>
          Try again
        </button>
      )}
      <ContactLine intro="To order by phone or e-mail:" phone={phone} email={email} />
    </section>
  );
}

/** The merchant's phone and e-mail as links after `intro`; nothing when neither is configured. */
export function ContactLine({ intro, phone, email }: { intro: string; phone?: string | undefined; email?: string | undefined }) {
  if (!phone && !email) return null;
  return (
    <p>
      {intro}{' '}
      {phone && <a href={telHref(phone)}>{phone}</a>}
      {phone && email && ' or '}
      {email && <a href={`mailto:${email}`}>{email}</a>}
    </p>
  );
}

/** A problem that switches one feature off while the rest works. */
export function NoticeList({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <div className="evc-notice" role="status" part="notice">
      <ul>
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
