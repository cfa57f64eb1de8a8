// Web-standard handlers `(Request, { clientAddress }) => Response` on Node's http server, through
// the product's own adapter (toWebRequest, sendWebResponse of dist/server.js), for the demo server,
// the Mailgun stand-in's process and the tests that put a stand-in on a port.
import { sendWebResponse, toWebRequest } from '../dist/server.js';
import { textResponse } from './http.mjs';

/** A Node `(req, res)` listener for `handle`: a request Node makes no URL of answers 400, a throw 500. */
export function nodeListener(handle) {
  async function answer(req) {
    let request;
    try {
      request = toWebRequest(req);
    } catch {
      return textResponse(400, 'Bad request');
    }
    try {
      return await handle(request, { clientAddress: req.socket.remoteAddress });
    } catch (error) {
      console.error(`${req.method} ${req.url}:`, error);
      return textResponse(500, 'Internal server error');
    }
  }
  return async (req, res) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    await sendWebResponse(res, await answer(req), req.method);
  };
}
