import { useEffect, useMemo } from 'react';
import { ContactUs } from '../ui/ContactUs';
import { NoticeList } from '../ui/ErrorPanel';
import { CONTACT_STYLES } from '../ui/styles';
import type { AttributeError, ContactDetails } from './attributes';
import { CONTACT_ATTRIBUTES, parseContactDetails } from './attributes';
import { emit } from './events';
import { elementBase } from './element-base';

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

const Base = elementBase(ContactRoot, CONTACT_ATTRIBUTES, CONTACT_STYLES);

/**
 * `<ev-charger-contact>`: the Contact Us screen on its own (spec §2).
 *
 * @event evc-error - `{ code, message }` for a bad contact attribute
 *
 * @csspart contact - The Contact Us block: intro, phone and hours, e-mail and social links.
 * @csspart notice - A problem that switches one feature off while the rest works (e.g. a bad optional attribute).
 * @cssprop --evc-accent - Accent colour: selected swatches, buttons, links and focus outlines.
 * @cssprop --evc-text - Body text colour.
 * @cssprop --evc-surface - Background of the element and its dialogs.
 * @cssprop --evc-muted - Secondary text: surcharges, hours, the VAT note.
 * @cssprop --evc-radius - Corner radius of panels, swatches, buttons and dialogs.
 * @cssprop --evc-font - Font family of the element and its dialogs.
 * @cssprop --evc-header - The customer-specific header colour (spec §9): colour of headings and dialog titles.
 * @cssprop --evc-danger - Errors: the error panel and invalid fields.
 */
export class EvChargerContact extends Base {}
