// The Angular host app: a standalone component with CUSTOM_ELEMENTS_SCHEMA, `mode` as an attribute
// from a signal, the catalogue object and the sender as property bindings, and the events through
// `(evc-…)`. It follows the protocol of test/e2e/host-checks.mjs.
import { CUSTOM_ELEMENTS_SCHEMA, Component, computed, signal } from '@angular/core';
import type { OnInit } from '@angular/core';
import type { Catalogue, EvChargerConfigurator, EvcEventMap } from 'ev-charger-configurator';
import { FIRST_NAME, catalogueNaming } from '../catalogue.mjs';

type HostEvent = EvcEventMap[keyof EvcEventMap];

@Component({
  selector: 'app-host',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <main id="host" [attr.data-host-renders]="renders()">
      @for (key of order(); track key) {
        @if (key === 'element') {
          <ev-charger-configurator
            [attr.mode]="mode()"
            persist="none"
            image-cdn="/cdn"
            storefront-endpoint="/api/2026-04/graphql.json"
            storefront-token="demo-storefront-token"
            [catalog]="catalog()"
            [mailSender]="sendRequest"
            (evc-change)="record($event)"
            (evc-step)="record($event)"
            (evc-checkout)="record($event)"
            (evc-request-sent)="record($event)"
            (evc-error)="record($event)"
          ></ev-charger-configurator>
        } @else {
          <p id="host-sibling">Rendered by Angular {{ renders() + 1 }} time(s) since the first.</p>
        }
      }
    </main>
  `,
})
export class HostComponent implements OnInit {
  readonly mode = signal<'order' | 'spec-request'>('order');
  readonly catalog = signal(catalogueNaming(FIRST_NAME) as Catalogue);
  readonly renders = signal(0);
  readonly shown = signal(true);
  readonly swapped = signal(false);
  readonly events: { type: string; detail: unknown }[] = [];
  readonly order = computed(() => (this.swapped() ? ['sibling', 'element'] : ['element', 'sibling']).filter((key) => key === 'sibling' || this.shown()));
  readonly sendRequest: EvChargerConfigurator['mailSender'] = async () => ({ requestId: 'host-request-1' });

  record(event: Event): void {
    const { type, detail } = event as HostEvent;
    this.events.push({ type, detail });
  }

  ngOnInit(): void {
    Object.assign(window, {
      hostFixture: {
        events: this.events,
        setMode: (value: 'order' | 'spec-request') => this.mode.set(value),
        setCatalog: (value: Catalogue) => this.catalog.set(value),
        rerender: () => this.renders.update((count) => count + 1),
        toggle: () => this.shown.update((shown) => !shown),
        swap: () => this.swapped.update((swapped) => !swapped),
      },
    });
  }
}
