import r2wc from '@r2wc/react-to-web-component';
import { useEffect, useMemo } from 'react';
import { ContactUs } from '../ui/ContactUs';
import { NoticeList } from '../ui/ErrorPanel';
import { CONTACT_STYLES } from '../ui/styles';
import type { AttributeError, ContactDetails } from './attributes';
import { CONTACT_ATTRIBUTES, parseContactDetails } from './attributes';
import { emit } from './events';
import { adoptStyles } from './styles';

function ContactRoot(props: ContactDetails & { container?: HTMLElement }) {
  const host = (props.container as unknown as ShadowRoot).host as HTMLElement;
  const base = host.ownerDocument.baseURI;
  const { supportPhone, supportEmail, videoUrl, socialUrl } = props;
  const { details, errors } = useMemo(() => {
    const found: AttributeError[] = [];
    const parsed = parseContactDetails({ supportPhone, supportEmail, videoUrl, socialUrl }, base, found);
    return { details: parsed, errors: found.map((error) => error.message) };
  }, [supportPhone, supportEmail, videoUrl, socialUrl, base]);
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

const Base = r2wc(ContactRoot, {
  shadow: 'open',
  props: Object.fromEntries(CONTACT_ATTRIBUTES.map((name) => [name, 'string'])) as Record<(typeof CONTACT_ATTRIBUTES)[number], 'string'>,
});

/** `<ev-charger-contact>`: the Contact Us screen on its own (spec §2). */
export class EvChargerContact extends (Base as unknown as { new (): HTMLElement }) {
  constructor() {
    super();
    if (this.shadowRoot) adoptStyles(this.shadowRoot, CONTACT_STYLES);
  }
}
