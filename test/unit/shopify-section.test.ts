// dist-examples/shopify-theme-section.liquid is a theme section whose schema
// exposes the merchant's settings, each rendered into an attribute or a custom property the
// element documents in custom-elements.json; shopify-theme-section.html is that section as Shopify
// renders it with the demo store's settings. A small renderer of the Liquid this section uses
// (output with `escape`, `if`/`else` on settings, `style`, comments) stands in for Shopify's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const LIQUID = read('dist-examples/shopify-theme-section.liquid');
const RENDERED = read('dist-examples/shopify-theme-section.html');

interface Setting {
  type: string;
  id?: string;
  label?: string;
  default?: unknown;
  options?: { value: string; label: string }[];
}
interface Schema {
  name: string;
  tag?: string;
  settings: Setting[];
  presets?: { name: string; settings?: Record<string, unknown> }[];
}
interface ManifestDeclaration {
  tagName?: string;
  attributes?: { name: string }[];
  cssProperties?: { name: string }[];
}
const manifest = JSON.parse(read('custom-elements.json')) as { modules: { declarations?: ManifestDeclaration[] }[] };
const configurator = manifest.modules.flatMap((module) => module.declarations ?? []).find((d) => d.tagName === 'ev-charger-configurator');
const ATTRIBUTES = new Set((configurator?.attributes ?? []).map((attribute) => attribute.name));
const CSS_PROPERTIES = new Set((configurator?.cssProperties ?? []).map((property) => property.name));

const schemaText = /\{%-?\s*schema\s*-?%\}([\s\S]*?)\{%-?\s*endschema\s*-?%\}/.exec(LIQUID)?.[1] ?? '';
const schema = JSON.parse(schemaText) as Schema;
const inputs = schema.settings.filter((setting): setting is Setting & { id: string } => typeof setting.id === 'string');
const defaults = Object.fromEntries(inputs.filter((s) => s.default !== undefined).map((s) => [s.id, s.default]));

/** The section's id in the demo store's product template, and what its merchant entered in the theme editor. */
const DEMO_SECTION_ID = 'template--demo__ev_charger_configurator';
const DEMO_SETTINGS: Record<string, unknown> = {
  accent_color: '#0f5c3a',
  header_color: '#0f2a1f',
  corner_radius: 8,
  support_phone: '020 7946 0321',
  support_email: 'sales@quartz-charger.example',
  store_cart_endpoint: '/api/store-cart',
  partner_endpoint: '/api/partner-discount',
  product: { id: 46100000011, title: 'Home charger installation' },
  image_cdn: '/cdn',
  model_src: '/models/charger.glb',
  storefront_token: 'demo-storefront-token',
  storefront_endpoint: '/api/2026-04/graphql.json',
  script_url: '/dist/ev-charger-configurator.js',
};

/** Where Shopify serves a theme's assets (`asset_url`). */
const ASSET_BASE = '//quartz-store.example/cdn/shop/t/1/assets/';

/** Settings that shape the section around the element rather than the element itself. */
const SECTION_ONLY = ['heading', 'text', 'script_url'];

// ---- A renderer for the Liquid this section uses -------------------------------------------------

type Node = { kind: 'text'; text: string } | { kind: 'output'; expression: string } | { kind: 'if'; condition: string; then: Node[]; otherwise: Node[] };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/** Liquid's whitespace control (`{%-`, `-%}`, `{{-`, `-}}`), then the tags, nested `if`s as a tree. */
function parse(source: string): Node[] {
  const trimmed = source
    .replace(/\{%-?\s*schema\s*-?%\}[\s\S]*?\{%-?\s*endschema\s*-?%\}/, '')
    .replace(/\s*(\{[{%]-)/g, '$1')
    .replace(/(-[}%]\})\s*/g, '$1')
    .replace(/\{%-?\s*comment\s*-?%\}[\s\S]*?\{%-?\s*endcomment\s*-?%\}/g, '')
    .replace(/\{%-?\s*style\s*-?%\}/g, '<style data-shopify>')
    .replace(/\{%-?\s*endstyle\s*-?%\}/g, '</style>');
  const tokens = trimmed.split(/(\{\{-?[\s\S]*?-?\}\}|\{%-?[\s\S]*?-?%\})/);
  const stack: { nodes: Node[]; branch?: Extract<Node, { kind: 'if' }> }[] = [{ nodes: [] }];
  const current = () => stack[stack.length - 1]!;
  for (const token of tokens) {
    const output = /^\{\{-?\s*([\s\S]*?)\s*-?\}\}$/.exec(token);
    const tag = /^\{%-?\s*(\w+)\s*([\s\S]*?)\s*-?%\}$/.exec(token);
    if (output) current().nodes.push({ kind: 'output', expression: output[1]! });
    else if (tag?.[1] === 'if') {
      const branch: Extract<Node, { kind: 'if' }> = { kind: 'if', condition: tag[2]!, then: [], otherwise: [] };
      current().nodes.push(branch);
      stack.push({ nodes: branch.then, branch });
    } else if (tag?.[1] === 'else') {
      const { branch } = stack.pop()!;
      stack.push({ nodes: branch!.otherwise, branch });
    } else if (tag?.[1] === 'endif') stack.pop();
    else if (tag) throw new Error(`The renderer does not know {% ${tag[1]} %}`);
    else if (token) current().nodes.push({ kind: 'text', text: token });
  }
  if (stack.length !== 1) throw new Error('An {% if %} is not closed');
  return stack[0]!.nodes;
}

type Scope = { section: { id: string; settings: Record<string, unknown> } };

function lookup(path: string, scope: Scope): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), scope);
}

const isBlank = (value: unknown) => value === undefined || value === null || value === false || (typeof value === 'string' && value.trim() === '');

function evaluate(expression: string, scope: Scope): string {
  const [subject, ...filters] = expression.split('|').map((part) => part.trim());
  const literal = /^'([^']*)'$/.exec(subject!);
  let value = literal ? literal[1] : lookup(subject!, scope);
  if (value === undefined) throw new Error(`{{ ${expression} }}: ${subject} is not defined`);
  for (const filter of filters) {
    if (filter === 'escape') value = escapeHtml(String(value));
    else if (filter === 'asset_url') value = `${ASSET_BASE}${String(value)}`;
    else throw new Error(`The renderer does not know the ${filter} filter`);
  }
  return String(value ?? '');
}

function render(nodes: Node[], scope: Scope): string {
  return nodes
    .map((node) => {
      if (node.kind === 'text') return node.text;
      if (node.kind === 'output') return evaluate(node.expression, scope);
      const blankTest = /^([\w.]+)\s*!=\s*blank$/.exec(node.condition);
      const truthTest = /^([\w.]+)$/.exec(node.condition);
      if (!blankTest && !truthTest) throw new Error(`The renderer does not know {% if ${node.condition} %}`);
      const value = lookup((blankTest ?? truthTest)![1]!, scope);
      const holds = blankTest ? !isBlank(value) : value !== undefined && value !== null && value !== false;
      return render(holds ? node.then : node.otherwise, scope);
    })
    .join('');
}

/** The section as Shopify would render it with `settings` over the schema's defaults. */
function renderSection(settings: Record<string, unknown>): Document {
  const html = render(parse(LIQUID), { section: { id: DEMO_SECTION_ID, settings: { ...defaults, ...settings } } });
  return new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
}

const attributesOf = (element: Element | null) => Object.fromEntries([...(element?.attributes ?? [])].map((attribute) => [attribute.name, attribute.value]));

/** The declarations of a style element's rules, as name → value. */
const declarationsOf = (style: Element | null) =>
  Object.fromEntries([...(style?.textContent ?? '').matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map(([, name, value]) => [name, value!.trim()]));

// ---- The tests -------------------------------------------------------------------------------------

describe('shopify-theme-section.liquid', () => {
  it("has a schema that parses, with a preset and the merchant's settings", () => {
    expect(schema.name).toBe('EV charger configurator');
    expect(schema.presets?.length).toBeGreaterThan(0);
    const ids = inputs.map((setting) => setting.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const setting of inputs) expect(setting.label, setting.id).toMatch(/\S/);
    for (const setting of inputs.filter((s) => s.type === 'select')) {
      expect(setting.options?.map((option) => option.value), setting.id).toContain(setting.default);
    }
    for (const setting of inputs.filter((s) => s.type === 'color')) expect(setting.default, setting.id).toMatch(/^#[0-9a-f]{6}$/);
    const mode = inputs.find((setting) => setting.id === 'mode');
    expect(mode?.options?.map((option) => option.value)).toEqual(['order', 'spec-request']);
    // The list: mode, colours, contact details, endpoints, model URL.
    for (const id of ['mode', 'accent_color', 'support_phone', 'support_email', 'video_url', 'social_url', 'store_cart_endpoint', 'mail_endpoint', 'direct_debit_endpoint', 'catalog_url', 'model_src', 'image_cdn', 'storefront_token', 'shop_domain']) {
      expect(ids).toContain(id);
    }
  });

  it('renders every setting, each into an attribute or a custom property of the element (custom-elements.json)', () => {
    const referenced = (text: string) => new Set([...text.matchAll(/section\.settings\.(\w+)/g)].map((match) => match[1]!));
    const markup = LIQUID.replace(/\{%-?\s*schema\s*-?%\}[\s\S]*$/, '');
    expect([...referenced(markup)].sort()).toEqual(inputs.map((setting) => setting.id).sort());

    const tag = /<ev-charger-configurator\b([\s\S]*?)><\/ev-charger-configurator>/.exec(markup)?.[1] ?? '';
    const intoAttributes = new Set<string>();
    for (const [, name, value] of tag.matchAll(/([\w-]+)="([^"]*)"/g)) {
      expect(ATTRIBUTES.has(name!) || name === 'id', `${name} is an attribute of the element`).toBe(true);
      for (const id of referenced(value!)) intoAttributes.add(id);
    }
    // Each condition leaves out the attribute of the very setting it tests, when that setting is blank.
    const guards = [...tag.matchAll(/\{%-? if section\.settings\.(\w+) != blank %\}\s*([\w-]+)="([^"]*)"/g)];
    expect(guards.length).toBeGreaterThan(10);
    for (const [, id, name, value] of guards) expect([...referenced(value!)], `${name} is guarded by ${id}`).toEqual([id]);

    const style = /\{%-?\s*style\s*-?%\}([\s\S]*?)\{%-?\s*endstyle\s*-?%\}/.exec(markup)?.[1] ?? '';
    const intoProperties = new Set<string>();
    for (const [declaration, name] of style.matchAll(/(--[\w-]+)\s*:[^;]*;/g)) {
      expect(CSS_PROPERTIES.has(name!), `${name} is a custom property of the element`).toBe(true);
      for (const id of referenced(declaration)) intoProperties.add(id);
    }
    for (const [, id] of style.matchAll(/\{%-? if section\.settings\.(\w+) %\}\s*(--evc-[\w-]+)/g)) intoProperties.add(id!);

    const unmapped = inputs.map((setting) => setting.id).filter((id) => !intoAttributes.has(id) && !intoProperties.has(id));
    expect(unmapped.sort()).toEqual([...SECTION_ONLY].sort());
    expect(intoAttributes.size).toBeGreaterThanOrEqual(15);
    expect(intoProperties.size).toBeGreaterThanOrEqual(7);
  });

  it('with the schema defaults alone, renders the element in order mode with cart="theme", no empty attribute but image-cdn (the preview drawn), and the theme asset script', () => {
    const element = renderSection({}).querySelector('ev-charger-configurator');
    expect(attributesOf(element)).toEqual({
      id: `evc-${DEMO_SECTION_ID}`,
      mode: 'order',
      cart: 'theme',
      persist: 'local',
      'api-version': '2026-04',
      'image-cdn': '',
    });
    const scripts = [...renderSection({}).querySelectorAll('script')];
    expect(scripts.map((script) => script.getAttribute('src'))).toEqual([`${ASSET_BASE}ev-charger-configurator.js`]);
    // Deferred, as the README advises: the section does not hold up the theme's parsing.
    expect(scripts.map((script) => script.defer)).toEqual([true]);
  });

  it('escapes what the merchant typed', () => {
    const element = renderSection({ support_email: '"><script>alert(1)</script>' }).querySelector('ev-charger-configurator');
    expect(element?.getAttribute('support-email')).toBe('"><script>alert(1)</script>');
    expect(element?.querySelector('script')).toBeNull();
  });
});

describe('shopify-theme-section.html', () => {
  const page = new DOMParser().parseFromString(RENDERED, 'text/html');
  const rendered = renderSection(DEMO_SETTINGS);

  it("holds the section as rendered with the demo store's settings: the same element attributes", () => {
    const elements = page.querySelectorAll('ev-charger-configurator');
    expect(elements.length).toBe(1);
    expect(attributesOf(elements[0]!)).toEqual(attributesOf(rendered.querySelector('ev-charger-configurator')));
    expect(elements[0]!.getAttribute('cart')).toBe('theme');
  });

  it('the same custom properties, the same heading and the same script', () => {
    const section = page.getElementById(`shopify-section-${DEMO_SECTION_ID}`);
    expect(section, 'the section wrapper Shopify adds').not.toBeNull();
    expect(declarationsOf(page.querySelector('style[data-shopify]'))).toEqual(declarationsOf(rendered.querySelector('style[data-shopify]')));
    expect(section?.querySelector('h2')?.textContent).toBe(rendered.querySelector('h2')?.textContent);
    expect(section?.querySelector('.section-header p')?.textContent).toBe(rendered.querySelector('.section-header p')?.textContent);
    const scripts = [...page.querySelectorAll('script')].map((script) => script.getAttribute('src'));
    expect(scripts).toEqual([rendered.querySelector('script')?.getAttribute('src')]);
  });
});
