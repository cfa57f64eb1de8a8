import { afterEach, describe, expect, it } from 'vitest';
import { UK_CATALOGUE } from '../domain/catalogue/uk';
import { ConfiguratorApp } from './ConfiguratorApp';
import { byRole, cleanup, render, textOf } from './testing';
import { descriptionOf } from './wizard/wizard-testing';

afterEach(cleanup);

describe('configurator page in spec-request mode (PAGE-5 surcharge labels)', () => {
  it('labels fronts +£22.00 except black metal, carbon and the woods; bodies +£48.00 except black', () => {
    const { container } = render(<ConfiguratorApp notices={[]} />, { flow: 'spec-request' });
    const front = byRole(container, 'radiogroup', 'Front');
    const body = byRole(container, 'radiogroup', 'Body');
    const [black, second] = UK_CATALOGUE.colours.front.standard;
    expect(descriptionOf(byRole(front, 'radio', black!.name))).toBe('');
    expect(descriptionOf(byRole(front, 'radio', second!.name))).toBe('+£22.00');
    expect(descriptionOf(byRole(front, 'radio', UK_CATALOGUE.colours.front.premium[0]!.name))).toBe('');
    expect(descriptionOf(byRole(body, 'radio', UK_CATALOGUE.colours.body[0]!.name))).toBe('');
    expect(descriptionOf(byRole(body, 'radio', UK_CATALOGUE.colours.body[1]!.name))).toBe('+£48.00');
  });

  it('shows a configuration notice it is given', () => {
    const { container } = render(<ConfiguratorApp notices={['No mail endpoint']} />, { flow: 'spec-request' });
    expect(textOf(container)).toContain('No mail endpoint');
  });
});
