import { useEffect, useMemo } from 'react';
import { ContactUs } from '../ui/ContactUs';
import { NoticeList } from '../ui/ErrorPanel';
import { CONTACT_STYLES } from '../ui/styles';
import type { AttributeError, ContactProperties } from './attributes';
import { CONTACT_ATTRIBUTES, parseContactDetails } from './attributes';
import { emit } from '../app/events';
import { elementBase } from './element-base';

/** The contact lines to show and the messages of the bad ones. */
function contactDetails(raw: ContactProperties, base: string) {
  const found: AttributeError[] = [];
  const details = parseContactDetails(raw, base, found);
  return { details, errors: found.map((error) => error.message) };
}

function ContactRoot(props: ContactProperties & { container?: HTMLElement }) {
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

const Base = elementBase(ContactRoot, CONTACT_ATTRIBUTES, CONTACT_STYLES);

/** The attribute properties the element base defines at run time, typed from the contract (contract.ts). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the element base defines these properties, which TypeScript cannot see
export interface EvChargerContact extends ContactProperties {}

/**
 * `<ev-charger-contact>`: the Contact Us screen on its own (spec §2). Its events, parts and custom
 * properties are documented in src/elements/manifest.ts (custom-elements.json).
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- merged with the interface above
export class EvChargerContact extends Base {}
