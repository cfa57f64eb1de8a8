// Content-Security-Policy violations, seen two ways: in the page, as `securitypolicyviolation`
// events (collected by an init script from the first document on, across navigations), and at the
// demo's report endpoint (`/api/csp-reports`, where `report-uri` sends them).

/**
 * Collects every `securitypolicyviolation` event of the documents `page` shows from its next
 * navigation on; returns the list it fills.
 */
export async function watchViolations(page) {
  const violations = [];
  await page.exposeFunction('evcTestCspViolation', (violation) => violations.push(violation));
  await page.addInitScript(() => {
    globalThis.document.addEventListener(
      'securitypolicyviolation',
      (event) =>
        globalThis.evcTestCspViolation({
          directive: event.effectiveDirective,
          blocked: event.blockedURI,
          sample: event.sample,
          source: `${event.sourceFile}:${event.lineNumber}`,
        }),
      true,
    );
  });
  return violations;
}

/**
 * Opens `path` like `harness.open`, with `violations` collected from its first document on.
 * `viewport` sets the page's size before it loads.
 */
export async function openWatched(harness, path, { viewport } = {}) {
  // about:blank first, so the init script and the binding are in place before the page's first byte.
  const opened = await harness.open('about:blank');
  if (viewport) await opened.page.setViewportSize(viewport);
  const violations = await watchViolations(opened.page);
  await opened.page.goto(harness.url(path));
  return { ...opened, violations };
}

/** The violation reports the demo's endpoint received. */
export async function cspReports(harness) {
  const response = await fetch(harness.url('/api/csp-reports'));
  return response.json();
}

export async function clearCspReports(harness) {
  const response = await fetch(harness.url('/api/csp-reports'), { method: 'DELETE' });
  if (response.status !== 204) throw new Error(`DELETE /api/csp-reports answered ${response.status}`);
}
