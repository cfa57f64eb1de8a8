// Every file of the page's graph imports the elements' modules (no side effect: define() runs in
// browser.ts), so esbuild keeps the code this one shares with the page in the page's one chunk.
import './define';
import { useEffect, useMemo } from 'react';
import { emit } from '../app/events';
import { ContactUs } from '../ui/ContactUs';
import { NoticeList } from '../ui/ErrorPanel';
import type { AttributeError, ContactProperties } from './attributes';
import { CONTACT_ATTRIBUTES, parseContactDetails } from './attributes';

/** The contact lines to show and the messages of the bad ones. */
function contactDetails(raw: ContactProperties, base: string) {
  const found: AttributeError[] = [];
  const details = parseContactDetails(raw, base, found);
  return { details, errors: found.map((error) => error.message) };
}

/** What `<ev-charger-contact>` renders (contact-element.tsx imports it on demand): its notices and the Contact Us block. */
export default function ContactRoot(props: ContactProperties & { container?: HTMLElement }) {
  const host = (props.container as unknown as ShadowRoot).host as HTMLElement;
  const base = host.ownerDocument.baseURI;
  const attributeKey = CONTACT_ATTRIBUTES.map((name) => props[name] ?? '').join('\u0000');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- attributeKey stands for every attribute
  const { details, errors } = useMemo(() => contactDetails(props, base), [attributeKey, base]);
  const problems = errors.join('\n');
  useEffect(() => {
    if (problems) problems.split('\n').forEach((message) => emit(host, 'evc-error', { code: 'invalid-attribute', message }));
  }, [problems, host]);
  return (
    <>
      <NoticeList messages={errors} />
      <ContactUs {...details} />
    </>
  );
}
