// Stand-in for GoCardless's drop-in, served by the demo server as
// /gocardless/dropin/v2/initialise.js. Like the real initialise.js it is a classic script defining
// `GoCardlessDropin.create({ billingRequestFlowID, environment, onSuccess, onExit })` → `{ open, exit }`,
// and open() lays a full-screen overlay over the page, appended to document.body (the real one is
// an iframe there, not a top-layer dialog). Instead of the bank form it offers two buttons that
// complete or cancel the flow through the demo's GoCardless API stand-in, beside this script.
// Strict-CSP safe: styles only through a constructable stylesheet, elements built with the DOM
// API; in a shadow root with `all: initial` on its host, so the page's CSS cannot reach in.
/* global window, document, CSSStyleSheet */
(function () {
  'use strict';
  // Loaded twice (two elements, or a page that also loads it): the first definition stays.
  if (window.GoCardlessDropin) return;

  // Only set while this script first runs; the demo actions live on the script's own origin.
  const script = document.currentScript;
  const actionsBase = new URL('/gocardless-api/_flows/', script && script.src ? script.src : window.location.href);

  const TITLE = 'GoCardless Direct Debit (demo)';
  // !important on the host: in a shadow root's own rules it wins over any page rule, even an !important one.
  const CSS = `
    :host {
      all: initial !important;
      display: grid !important;
      place-items: center !important;
      position: fixed !important;
      inset: 0 !important;
      z-index: 2147483647 !important;
      background: rgb(0 0 0 / 0.6) !important;
      font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif !important;
      color: #1c1c1c !important;
    }
    .panel {
      box-sizing: border-box;
      width: min(28rem, calc(100vw - 2rem));
      max-height: calc(100vh - 2rem);
      overflow: auto;
      padding: 1.5rem;
      border-radius: 0.75rem;
      background: #fff;
      box-shadow: 0 1rem 3rem rgb(0 0 0 / 0.35);
    }
    h2 { margin: 0 0 0.75rem; font-size: 1.25rem; line-height: 1.3; }
    p { margin: 0 0 0.75rem; }
    code { font-family: ui-monospace, Menlo, Consolas, monospace; overflow-wrap: anywhere; }
    .status { min-height: 1.5em; color: #4a4a4a; }
    .actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 1rem; }
    button {
      font: inherit;
      padding: 0.6rem 1.1rem;
      border-radius: 0.5rem;
      border: 2px solid #1c1c1c;
      background: #fff;
      color: #1c1c1c;
      cursor: pointer;
    }
    button.primary { background: #1c1c1c; color: #fff; }
    button:focus-visible { outline: 3px solid #2f6fed; outline-offset: 2px; }
    button:disabled { opacity: 0.6; cursor: progress; }
  `;
  let sheet = null;
  /** One stylesheet, adopted by every opening. */
  function styles() {
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(CSS);
    }
    return sheet;
  }

  function element(tag, attributes, children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
    node.append(...(children || []));
    return node;
  }

  function create(options) {
    const { billingRequestFlowID, environment, onSuccess, onExit } = options || {};
    if (typeof billingRequestFlowID !== 'string' || billingRequestFlowID === '') {
      throw new TypeError('GoCardlessDropin.create: billingRequestFlowID is required');
    }
    let host = null;
    let returnFocus = null;

    function close() {
      if (!host) return;
      host.remove();
      host = null;
      if (returnFocus && returnFocus.isConnected && typeof returnFocus.focus === 'function') returnFocus.focus();
      returnFocus = null;
    }

    /** Completes or cancels the flow at the stand-in, closes, then tells the page. */
    async function finish(action, buttons, status) {
      const opened = host;
      for (const button of buttons) button.disabled = true;
      status.textContent = action === 'complete' ? 'Setting up your Direct Debit…' : 'Cancelling…';
      let answer = null;
      let failure = null;
      try {
        const response = await window.fetch(new URL(`${encodeURIComponent(billingRequestFlowID)}/${action}`, actionsBase), { method: 'POST' });
        if (!response.ok) throw new Error(`The GoCardless stand-in answered ${response.status} to ${action}`);
        answer = await response.json();
      } catch (error) {
        failure = error;
      }
      // exit() meanwhile: no callback, as the real exit() ends the flow silently.
      if (host !== opened) return;
      close();
      if (failure) onExit?.(failure, {});
      else if (action === 'complete') onSuccess?.(answer.billing_request, answer.billing_request_flow);
      else onExit?.(null, {});
    }

    function open() {
      if (host) return;
      returnFocus = document.activeElement;
      host = element('div', { 'data-gocardless-dropin': '' });
      const root = host.attachShadow({ mode: 'open' });
      root.adoptedStyleSheets = [styles()];
      const status = element('p', { class: 'status', role: 'status' });
      const setUp = element('button', { type: 'button', class: 'primary' }, ['Set up Direct Debit']);
      const cancel = element('button', { type: 'button' }, ['Cancel']);
      const buttons = [setUp, cancel];
      const busy = () => setUp.disabled;
      setUp.addEventListener('click', () => finish('complete', buttons, status));
      cancel.addEventListener('click', () => finish('cancel', buttons, status));
      root.append(
        element('div', { class: 'panel', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'title', 'aria-describedby': 'about' }, [
          element('h2', { id: 'title' }, [TITLE]),
          element('p', { id: 'about' }, [
            'A stand-in for the GoCardless payment page: no bank details are asked for. Billing Request Flow ',
            element('code', {}, [billingRequestFlowID]),
            ` (${environment || 'sandbox'}).`,
          ]),
          status,
          element('div', { class: 'actions' }, buttons),
        ]),
      );
      // Keys stay inside, as in the real drop-in's iframe: Escape cancels, Tab cycles the two buttons.
      root.addEventListener('keydown', (event) => {
        event.stopPropagation();
        if (event.key === 'Escape') {
          event.preventDefault();
          if (!busy()) finish('cancel', buttons, status);
        } else if (event.key === 'Tab') {
          event.preventDefault();
          const next = buttons.indexOf(root.activeElement) === 0 ? 1 : 0;
          buttons[next].focus();
        }
      });
      // A click on the backdrop keeps focus on the buttons, so Escape still reaches the overlay.
      host.addEventListener('mousedown', (event) => {
        if (event.composedPath()[0] === host) event.preventDefault();
      });
      document.body.append(host);
      setUp.focus();
    }

    return { open, exit: close };
  }

  window.GoCardlessDropin = { create };
})();
