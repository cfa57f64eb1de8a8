import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { Discount } from '../../domain/catalogue/schema';
import { formatPence } from '../../domain/money';
import type { PartnerFailure } from '../../services/partner-discount';
import { ENTER_CODE } from '../../services/partner-discount';
import { updateForm } from '../../stores/form-answers';
import type { PartnerDiscountServices } from '../../services/order-services';
import { useUiOptions } from '../options-context';
import { Spinner } from '../Spinner';
import { useConfigurator, useConfiguratorStore } from '../store-context';
import { TextField } from '../TextField';

const SEND_CODE = 'E-mail me a code';
const SEND_NEW_CODE = 'Send a new code';
const CODE_LABEL = 'Nine-digit code';
const VERIFY = 'Verify';

/** The buyer's own mistakes, answered on the step: the rest also reach the host page as `evc-error`. */
const ANSWERS_TO_THE_BUYER = new Set(['wrong_code', 'code_locked', 'code_expired', 'invalid_request']);

type Focus = 'code' | 'send' | 'status' | null;

interface Props {
  services: PartnerDiscountServices;
  email: string;
  discount: Discount;
}

/**
 * With `partner-endpoint`: a buyer whose e-mail domain is a partner's is told the discount
 * is available and can have a nine-digit code e-mailed to that address; the discount applies once the
 * code is verified (the summary then shows its line), also after a reload while the code counts. A wrong code says how many attempts are left,
 * an expired or locked one offers a new code once the handler would send one; Continue never waits
 * for any of it. Every message is read out from one polite live region. The wizard renders it
 * afresh for each e-mail (`key`), so a new address starts over.
 */
export function PartnerDiscount({ services, email, discount }: Props) {
  const store = useConfiguratorStore();
  const { reportError } = useUiOptions();
  const applied = useConfigurator((state) => state.form.verifiedPartner?.email === email);
  const titleId = useId();
  const waitHintId = useId();
  const [sent, setSent] = useState(() => services.pending(email));
  const [busy, setBusy] = useState<'sending' | 'verifying' | null>(null);
  const [code, setCode] = useState('');
  const [message, setMessage] = useState('');
  // After a locked or expired code, only a new one can be verified.
  const [needsNewCode, setNeedsNewCode] = useState(false);
  // Until when (a Date.now() time) the handler would not send another code; 0 once it would.
  const [waitUntil, setWaitUntil] = useState(0);
  const focusNext = useRef<Focus>(null);
  const codeField = useRef<HTMLInputElement>(null);
  const sendButton = useRef<HTMLButtonElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (waitUntil === 0) return;
    const timer = setTimeout(() => setWaitUntil(0), waitUntil - Date.now());
    return () => clearTimeout(timer);
  }, [waitUntil]);

  // After the render that shows what the answer changed, focus goes where the buyer acts next.
  useEffect(() => {
    const target = focusNext.current;
    if (target === null) return;
    focusNext.current = null;
    if (target === 'code') codeField.current?.select();
    ({ code: codeField, send: sendButton, status }[target].current?.focus());
  });

  const failed = (failure: PartnerFailure) => {
    setMessage(failure.message);
    if (failure.retryAfterSeconds) setWaitUntil(Date.now() + failure.retryAfterSeconds * 1000);
    if (!ANSWERS_TO_THE_BUYER.has(failure.code)) reportError?.({ code: `partner-discount-${failure.code}`, message: failure.message });
  };

  const sendCode = async () => {
    if (busy || waitUntil) return;
    setBusy('sending');
    setMessage('');
    const outcome = await services.sendCode(email);
    if (!mounted.current) return;
    setBusy(null);
    if (!outcome.ok) {
      failed(outcome);
      // The button waits too: the message is where the buyer reads why.
      if (outcome.retryAfterSeconds) focusNext.current = 'status';
      return;
    }
    const minutes = Math.round(outcome.expiresInSeconds / 60);
    setSent(true);
    setCode('');
    setNeedsNewCode(false);
    if (outcome.resendAfterSeconds > 0) setWaitUntil(Date.now() + outcome.resendAfterSeconds * 1000);
    setMessage(`We have sent a nine-digit code to ${email}. It is valid for ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`);
    focusNext.current = 'code';
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || needsNewCode) return;
    // Spaces and hyphens are how people group nine digits; the handler takes the digits alone.
    const typed = code.replace(/[\s-]/g, '');
    if (!/^\d{9}$/.test(typed)) {
      setMessage(ENTER_CODE);
      focusNext.current = 'code';
      return;
    }
    setBusy('verifying');
    setMessage('');
    const outcome = await services.verify(email, typed);
    if (!mounted.current) return;
    setBusy(null);
    if (outcome.ok) {
      updateForm(store, { verifiedPartner: outcome.verified });
      focusNext.current = 'status';
      return;
    }
    failed(outcome);
    setNeedsNewCode(outcome.next === 'new-code');
    focusNext.current = outcome.next === 'new-code' && !waitUntil ? 'send' : 'code';
  };

  const sendLabel = sent ? SEND_NEW_CODE : SEND_CODE;
  return (
    <section className="evc-partner" aria-labelledby={titleId}>
      <h3 id={titleId}>Partner discount</h3>
      {!applied && (
        <>
          <p>
            Your e-mail address qualifies for the {discount.name} of {formatPence(discount.value)}. To apply it, confirm the address with a
            nine-digit code that we e-mail to you. You can also continue without the discount.
          </p>
          <form className="evc-partner-code" onSubmit={(event) => void verify(event)} noValidate>
            {sent && (
              <TextField
                ref={codeField}
                label={CODE_LABEL}
                value={code}
                onChange={setCode}
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={13}
                hint={`From the e-mail we sent to ${email}.`}
              />
            )}
            <div className="evc-partner-actions">
              {sent && (
                <button type="submit" className="evc-primary" disabled={needsNewCode}>
                  {VERIFY}
                </button>
              )}
              <button ref={sendButton} type="button" onClick={() => void sendCode()} disabled={waitUntil > 0} aria-describedby={waitUntil ? waitHintId : undefined}>
                {sendLabel}
              </button>
            </div>
            {waitUntil > 0 && (
              <p className="evc-field-hint" id={waitHintId}>
                You can ask for {sent ? 'a new code' : 'a code'} again shortly.
              </p>
            )}
          </form>
          {busy && <Spinner label={busy === 'sending' ? 'Sending the code…' : 'Checking the code…'} />}
        </>
      )}
      <p className="evc-partner-status" ref={status} tabIndex={-1} role="status">
        {applied ? `${discount.name} applied: your address is confirmed.` : message}
      </p>
    </section>
  );
}

/**
 * A verified partner discount ends at its expiry while the wizard is open too, and the summary drops
 * its line; an unreadable expiry ends it at once.
 */
export function useVerificationExpiry(): void {
  const store = useConfiguratorStore();
  const verified = useConfigurator((state) => state.form.verifiedPartner);
  useEffect(() => {
    if (!verified) return;
    // setTimeout's longest wait is 2^31 - 1; NaN (no date) waits none.
    const wait = Math.min(Date.parse(verified.expiresAt) - Date.now(), 2 ** 31 - 1);
    const timer = setTimeout(() => updateForm(store, { verifiedPartner: undefined }), wait);
    return () => clearTimeout(timer);
  }, [store, verified]);
}
