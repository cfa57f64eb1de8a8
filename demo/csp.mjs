// Response headers for example pages that need their own (the partner intranet's strict
// Content-Security-Policy) and the endpoint that collects the browser's CSP violation reports:
//   GET    /api/csp-reports  the reports received, oldest first, as { received, type, body } objects;
//   POST   /api/csp-reports  a report, as `report-uri` sends it (application/csp-report) or as the
//                            Reporting API sends it (application/reports+json, a list);
//   DELETE /api/csp-reports  forgets them all (for tests).
// The policy reports with `report-uri` only. Chromium ignores `report-uri` once `report-to` is
// present, and sends Reporting API reports only for HTTPS pages, after a delay: on the demo's plain
// http loopback a `report-to` would silence the reports. A deployment over HTTPS may add
// `report-to` with a Reporting-Endpoints header naming this endpoint; it accepts that format too.
import { jsonResponse, readJson } from './json-body.mjs';
import { serveDirectory } from './static.mjs';

const REPORTS_PATH = '/api/csp-reports';
/** The most reports kept; the oldest go first. */
const MAX_REPORTS = 200;

/**
 * The partner intranet's policy: nothing inline (no 'unsafe-inline', no nonces or hashes), scripts,
 * styles, images, fonts and connections from the page's own origin only, no plugins, no <base>, never
 * framed, Trusted Types enforced for every script sink.
 */
export const STRICT_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "require-trusted-types-for 'script'",
  // Exactly the policies the element names: its own (GoCardless's drop-in) and lit-html's (the 3D view).
  'trusted-types ev-charger-configurator lit-html',
  `report-uri ${REPORTS_PATH}`,
].join('; ');

/** Example pages served with headers of their own, by file name in dist-examples/. */
const PAGE_POLICIES = new Map([['partner-intranet.html', STRICT_POLICY]]);

/** The parts of a violation report worth listing, whichever way it was sent. */
function violationOf(type, body) {
  const field = (...names) => names.map((name) => body?.[name]).find((value) => typeof value === 'string' || typeof value === 'number');
  return {
    type,
    documentUrl: field('documentURL', 'document-uri'),
    directive: field('effectiveDirective', 'effective-directive', 'violated-directive'),
    blockedUrl: field('blockedURL', 'blocked-uri'),
    sourceFile: field('sourceFile', 'source-file'),
    lineNumber: field('lineNumber', 'line-number'),
    sample: field('sample', 'script-sample'),
    disposition: field('disposition'),
  };
}

/** The violations in a report body: one for `report-uri`, any number for the Reporting API. */
function violationsIn(contentType, value) {
  if (contentType.startsWith('application/reports+json') && Array.isArray(value)) {
    return value.filter((report) => report?.type === 'csp-violation').map((report) => violationOf('report-to', report.body));
  }
  if (value && typeof value === 'object' && 'csp-report' in value) return [violationOf('report-uri', value['csp-report'])];
  return undefined;
}

export function createCspRoutes({ examplesDir }) {
  const reports = [];
  const serveExample = serveDirectory(examplesDir);
  const pagePattern = new RegExp(`^/dist-examples/(?<path>${[...PAGE_POLICIES.keys()].map((name) => name.replace(/\./g, '\\.')).join('|')})$`);
  const reportsPattern = new RegExp(`^${REPORTS_PATH}$`);

  const routes = [
    {
      method: 'GET',
      pattern: pagePattern,
      handler: async (request, params) => {
        const response = await serveExample(request, params);
        if (!response.ok) return response;
        response.headers.set('Content-Security-Policy', PAGE_POLICIES.get(params.path));
        return response;
      },
    },
    { method: 'GET', pattern: reportsPattern, handler: () => jsonResponse(200, reports) },
    {
      method: 'POST',
      pattern: reportsPattern,
      handler: async (request) => {
        const body = await readJson(request);
        if (!body.ok) return jsonResponse(400, { error: body.error });
        const found = violationsIn(request.headers.get('content-type') ?? '', body.value);
        if (!found) return jsonResponse(400, { error: 'The body must be a CSP violation report.' });
        for (const violation of found) reports.push({ received: new Date().toISOString(), ...violation });
        reports.splice(0, Math.max(0, reports.length - MAX_REPORTS));
        return new Response(null, { status: 204 });
      },
    },
    {
      method: 'DELETE',
      pattern: reportsPattern,
      handler: () => {
        reports.length = 0;
        return new Response(null, { status: 204 });
      },
    },
  ];
  return { routes, reports };
}
