// Types of mailgun-stand-in.mjs, for the TypeScript tests that drive it in process.

/** A switch that fails the next requests with a status. */
export interface FailureSwitch {
  set(count: number, status?: number): void;
  state(): { failNext: number; status: number };
}

/** A switch that holds back the answer to the next accepted messages. */
export interface DelaySwitch {
  set(delayMs: number, count?: number): void;
  state(): { acceptThenDelayMs: number; count: number };
}

export interface MailgunStandIn {
  /** Answers one request to Mailgun's messages or events API. */
  handle(request: Request): Promise<Response>;
  /** The accepted messages' outbox fields, oldest first. */
  messages: Record<string, string>[];
  failures: FailureSwitch;
  delays: DelaySwitch;
}

export const OUTBOX_FIELDS: readonly string[];

export function createMailgunStandIn(account: { apiKey: string; domain: string }): MailgunStandIn;
