// Types of api-stand-in.mjs, for the TypeScript tests that drive it in process.

export const GOCARDLESS_VERSION: '2015-07-06';

export interface RecordedRequest {
  method: string;
  /** Path and query, as sent. */
  path: string;
  /** Lower-case names; `authorization` keeps its scheme only ("Bearer [redacted]"). */
  headers: Record<string, string>;
  /** The JSON body parsed, the raw text if it was not JSON, or null without a body. */
  body: unknown;
}

export interface WebhookEvent {
  id: string;
  created_at: string;
  resource_type: 'billing_requests';
  action: 'fulfilled' | 'cancelled';
  links: Record<string, string>;
  details: { origin: string; cause: string; description: string };
  metadata: Record<string, string>;
  resource_metadata: Record<string, string>;
}

export interface WebhookDelivery {
  events: WebhookEvent[];
  /** Hex HMAC-SHA256 of the raw body with the webhook secret (the `Webhook-Signature` header). */
  signature: string;
  /** The endpoint's answer status, or the error it threw. */
  status?: number;
  error?: string;
}

export interface FailureSwitch {
  take(): number | null;
  set(count: number, status?: number): void;
  state(): { failNext: number; status: number };
}

export interface GoCardlessStandIn {
  handle(request: Request): Promise<Response>;
  requests: RecordedRequest[];
  webhooks: WebhookDelivery[];
  /** Fails the next `POST /billing_requests` calls with a GoCardless error body. */
  failures: FailureSwitch;
  /** Fails the next `POST /billing_request_flows` calls the same way. */
  flowFailures: FailureSwitch;
}

export function createGoCardlessStandIn(options: {
  accessToken: string;
  webhookSecret: string;
  onWebhook?: (request: Request) => Response | Promise<Response>;
  webhookUrl?: string;
}): GoCardlessStandIn;
