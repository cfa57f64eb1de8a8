import { useId, useLayoutEffect, useRef } from 'react';
import { appendStyles } from './append-styles';
import contactCss from './contact.css';
import { telHref } from './ErrorPanel';

export interface ContactUsProps {
  supportPhone?: string | undefined;
  supportEmail?: string | undefined;
  videoUrl?: string | undefined;
  socialUrl?: string | undefined;
  /** False inside the "Need help?" dialog, whose own title is 'Contact Us'. */
  withHeading?: boolean;
}

/** CONTACT-1: the texts word for word; a line without a value is hidden. */
export function ContactUs({ supportPhone, supportEmail, videoUrl, socialUrl, withHeading = true }: ContactUsProps) {
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  // Its sheet joins the element's before the first paint (STYLE-1).
  useLayoutEffect(() => appendStyles((section.current as HTMLElement).getRootNode(), [contactCss]), []);
  return (
    <section ref={section} className="evc-contact" aria-labelledby={withHeading ? headingId : undefined} aria-label={withHeading ? undefined : 'Contact Us'} part="contact">
      {withHeading && <h2 id={headingId}>Contact Us</h2>}
      <p>We&apos;re happy to help you at any step along the way. Simply contact us below.</p>
      <ul className="evc-contact-lines">
        {supportPhone && (
          <li>
            <a href={telHref(supportPhone)}>{supportPhone}</a>
            <p className="evc-hours">
              08:00-19:00 Monday to Friday
              <br />
              09:00-14:00 Saturday
            </p>
          </li>
        )}
        {supportEmail && (
          <li>
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
          </li>
        )}
        {videoUrl && (
          <li>
            <a href={videoUrl} target="_blank" rel="noopener noreferrer">
              Video channel<span className="evc-visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        )}
        {socialUrl && (
          <li>
            <a href={socialUrl} target="_blank" rel="noopener noreferrer">
              Social network page<span className="evc-visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        )}
      </ul>
    </section>
  );
}
