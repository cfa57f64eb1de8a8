/** A failure the element cannot work around: said plainly, with what to fix. */
export function ErrorPanel({ title, messages }: { title: string; messages: readonly string[] }) {
  return (
    <section className="evc-error" role="alert" part="error">
      <h2>{title}</h2>
      <ul>
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </section>
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
