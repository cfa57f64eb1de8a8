import type { Catalogue, ColourOption } from './catalogue/schema';
import type { Configuration } from './configuration';
import { bodyColour, frontColour, hookColour, withInstallation } from './configuration';
import type { InstallCheckAnswers } from './install-check';
import { INSTALL_CHECK_QUESTIONS, installCheckOutcome } from './install-check';
import type { OrderItem } from './order-items';
import { orderItems } from './order-items';
import type { Flow } from './wizard';
import { stepsFor } from './wizard';

/**
 * MAIL-1..4: the template variables of the upgrade-specification e-mail. Every product line is
 * derived from catalogue ids through `orderItems`, so the relay can recompute them server-side and
 * they always name the very items the price summary and the cart carry.
 */

/** What the customer told us, besides the configuration. */
export interface MailRequest {
  firstName: string;
  lastName: string;
  /** Step 06's contact e-mail: MAIL-3's customerEmail. */
  email: string;
  phone: string;
  /** Step 01's e-mail, which links the request to the customer's Mobilize order. */
  orderEmail: string;
  /** Step 05's answers; read only when installation is included. */
  installCheck: InstallCheckAnswers;
  /** The accepted request this one replaces, when the customer changed theirs after sending it. */
  amends?: string | undefined;
}

type ProductLineKey = `productLine${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`;

type InstallCheckLineKey = `installationCheckLine${1 | 2 | 3 | 4 | 5 | 6}`;

export type MailVariables = {
  title: string;
  customerEmail: string;
  customerName: string;
  customerPhone: string;
  introLine: string;
  orderEmail: string;
  /** The installation check's outcome; its answers are in installationCheckLine1..6 (empty without installation). */
  installationCheck: string;
  /** The request id this one replaces; empty for a first request. */
  amendsRequestId: string;
} & Record<ProductLineKey, string> &
  Record<InstallCheckLineKey, string>;

export const MAIL_TITLE = 'Upgrade specification request';

const named = (colour: ColourOption) => `${colour.name} (${colour.code})`;

const yesOrNo = (item: OrderItem | undefined) => (item ? `Yes (${item.name})` : 'No');

/** Whether the buyer chose the hook's colour: only a flow with the hook step offers it. */
const hookColourChosen = (flow: Flow) => stepsFor(flow).some((step) => step.name === 'hook');

/**
 * MAIL-1 productLine1..9, in order: front colour, body colour, power and
 * cable, installation, warranty (standard 3 year if not extended), surge protection yes/no,
 * advanced solar yes/no, cable hook (colour name or no), display yes/no. The hook's colour is named
 * only where the flow let the buyer choose it; otherwise the line says "Yes", never a default colour.
 * The ordering flow's lines by default (the cart's).
 */
export function productLines(catalogue: Catalogue, config: Configuration, flow: Flow = 'order'): string[] {
  const items = orderItems(catalogue, config);
  const item = (...keys: string[]) => items.find((candidate) => keys.includes(candidate.key));
  // Present only when it applies (tethered cable with the hook chosen), as in the cart.
  const hook = item('hook');
  const hookLine = hook ? (hookColourChosen(flow) ? named(hookColour(catalogue, config.hookColour)) : 'Yes') : 'No';
  return [
    `Front colour: ${named(frontColour(catalogue, config.front))}`,
    `Body colour: ${named(bodyColour(catalogue, config.body))}`,
    `Power and cable: ${item('cable')!.name}`,
    `Installation: ${item('installation')!.name}`,
    `Warranty: ${item('warranty', 'standard_warranty')!.name}`,
    `Surge protection: ${yesOrNo(item('surge_single', 'surge_three'))}`,
    `Advanced solar: ${yesOrNo(item('solar', 'solar_ct'))}`,
    `Cable hook: ${hookLine}`,
    `Digital display: ${yesOrNo(item('display'))}`,
  ];
}

const ANSWER_TEXT = { yes: 'Yes', no: 'No' } as const;

const OUTCOME_TEXT = {
  survey: 'Installation check: a survey is needed (at least one answer is No)',
  standard: 'Installation check: a standard installation (every answer is Yes)',
  incomplete: 'Installation check: not every question was answered',
} as const;

/** Step 05's outcome and one line per question; without installation the check does not apply. */
function installationCheck(catalogue: Catalogue, config: Configuration, answers: InstallCheckAnswers) {
  const applies = withInstallation(catalogue, config);
  const lines = INSTALL_CHECK_QUESTIONS.map(({ id, question }, index) => [
    `installationCheckLine${index + 1}`,
    applies ? `${question} ${answers[id] ? ANSWER_TEXT[answers[id]] : 'Not answered'}` : '',
  ]);
  return {
    installationCheck: applies ? OUTCOME_TEXT[installCheckOutcome(answers)] : 'Installation check: not applicable (no installation)',
    ...(Object.fromEntries(lines) as Record<InstallCheckLineKey, string>),
  };
}

/**
 * Bidi controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) and zero-width characters
 * (U+200B–U+200D, U+2060, U+FEFF).
 */
const INVISIBLE = /[\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;

/** The text without invisible characters: in a mail they could reorder or hide what the team reads. */
export function withoutInvisibles(text: string): string {
  return text.replace(INVISIBLE, '');
}

/** `fields` with invisible characters taken out of each text, for a request whose answers reach a provider. */
export function withoutInvisibleTexts<T extends Record<string, unknown>>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, typeof value === 'string' ? withoutInvisibles(value) : value])) as T;
}

/**
 * MAIL-3 variables (title, customer fields, intro line, the nine product lines) and ours: the
 * order e-mail, the installation check, and for a changed request the one it replaces, which the
 * intro line says too. What the customer typed goes in without invisible characters.
 */
export function mailVariables(catalogue: Catalogue, config: Configuration, request: MailRequest): MailVariables {
  const customerName = [request.firstName, request.lastName]
    .map((part) => withoutInvisibles(part).trim())
    .filter(Boolean)
    .join(' ');
  const lines = Object.fromEntries(
    productLines(catalogue, config, 'spec-request').map((line, index) => [`productLine${index + 1}`, line]),
  ) as Record<ProductLineKey, string>;
  const amends = withoutInvisibles(request.amends ?? '').trim();
  return {
    title: MAIL_TITLE,
    customerEmail: request.email.trim(),
    customerName,
    customerPhone: withoutInvisibles(request.phone).trim(),
    introLine: amends
      ? `${customerName} has changed their upgrade specification request for their Mobilize order: this specification replaces the one sent before (${amends}).`
      : `${customerName} has requested the following upgrade specification for their Mobilize order.`,
    orderEmail: request.orderEmail.trim(),
    amendsRequestId: amends,
    ...lines,
    ...installationCheck(catalogue, config, request.installCheck),
  };
}

/** SPEC-5: the variables as a JSON string, the provider's `t:variables` form field. */
export function mailVariablesJson(variables: MailVariables): string {
  return JSON.stringify(variables);
}
